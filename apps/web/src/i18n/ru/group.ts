export const group = {} as const;
