/**
 * One place where two JSON values differ: the path (`metadata.managedFields`, `lines[2].type`),
 * and what each side holds there (`undefined` when the field is absent on that side).
 *
 * @example
 * ```ts
 * import type { ValueDifference } from '@rxkube/conformance';
 * const d: ValueDifference = { path: 'status', real: 504, fake: 200 };
 * ```
 */
export interface ValueDifference {
  readonly path: string;
  readonly real: unknown;
  readonly fake: unknown;
}
