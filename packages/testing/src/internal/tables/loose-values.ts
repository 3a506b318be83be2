// Reads of the objects a row printer gets: any shape, read defensively, a missing or mistyped
// field read as Go's zero value.

// biome-ignore lint/suspicious/noExplicitAny: objects of any shape, read defensively.
export type Obj = any;

/** A string field, or `''`. */
export const str = (value: unknown): string => (typeof value === 'string' ? value : '');
/** A number field, or 0. */
export const int = (value: unknown): number => (typeof value === 'number' ? value : 0);
/** An array field, or none. */
export const arr = (value: unknown): Obj[] => (Array.isArray(value) ? value : []);
/** A cell's text, `<none>` when empty. */
export const orNone = (value: string): string => (value === '' ? '<none>' : value);
