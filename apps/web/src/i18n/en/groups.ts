export const groups = {};
