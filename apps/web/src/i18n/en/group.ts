export const group = {};
