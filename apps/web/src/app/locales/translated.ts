/**
 * The shape every other language must give for an English resource: the same keys, strings for
 * strings. A German file typed `Translated<typeof groupsEn>` fails the typecheck when a key is
 * missing or extra, so no screen can be half translated.
 */
export type Translated<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translated<T[K]> };
