export const expense = {} as const;
