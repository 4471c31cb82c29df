import type { ru } from './ru';

/** The shape of a language's texts: ru's keys, less the plural forms only Russian has. */
type Shape<T> = {
  [K in keyof T as K extends `${string}_${'few' | 'many'}` ? never : K]: T[K] extends string
    ? string
    : Shape<T[K]>;
};

export type Messages = Shape<typeof ru>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'bot';
    resources: { bot: typeof ru };
  }
}
