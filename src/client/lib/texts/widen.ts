/**
 * A catalog's type from the English one: each string becomes any string and each function keeps
 * its parameters, so another language's file must have every key, with the same arguments, and
 * nothing else (docs/languages.md).
 */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer E)[]
      ? readonly Widen<E>[]
      : T extends object
        ? { readonly [K in keyof T]: Widen<T[K]> }
        : T;
