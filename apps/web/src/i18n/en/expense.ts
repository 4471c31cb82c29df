export const expense = {};
