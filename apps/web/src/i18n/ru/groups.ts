export const groups = {} as const;
