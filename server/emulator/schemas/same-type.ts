/**
 * A compile-time check that two types are the same (each assignable to the other, readonly and optional alike):
 * `true satisfies SameType<A, B>` fails to compile when they part. Used where a domain room keeps its own type of
 * a wire shape (no zod there) and a schema here documents it, and where a route checks its body with a zod/mini
 * schema of its own (Laravel's messages, no full zod at start-up) that a schema here documents.
 */
export type SameType<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
