// The shape an English dictionary must have: the French one's keys, any string as values.
// French is the reference (fr/<screen>.ts); each en/<screen>.ts declares `satisfies Translation<typeof fr>`
// so that a missing or extra key fails to compile.
export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
};
