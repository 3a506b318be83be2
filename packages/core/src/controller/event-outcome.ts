/**
 * What became of one `record` call.
 *
 * - `created`: a new Event `name` was created (`count` 1).
 * - `aggregated`: the same reason on the same object was seen within the window: Event `name`'s
 *   `count` was raised to `count` (one PATCH).
 * - `dropped`: not written: the object's rate limit was exhausted (`rate-limited`) or too many
 *   writes were pending (`backlog`).
 * - `failed`: the API server refused or could not be reached; `error` is the typed error.
 *
 * @example
 * ```ts
 * import type { EventOutcome } from '@rxkube/core/controller';
 * const describe = (o: EventOutcome) => (o.type === 'failed' ? String(o.error) : o.type);
 * ```
 */
export type EventOutcome =
  | {
      readonly type: 'created';
      readonly name: string;
      readonly namespace: string;
      readonly count: 1;
    }
  | {
      readonly type: 'aggregated';
      readonly name: string;
      readonly namespace: string;
      readonly count: number;
    }
  | { readonly type: 'dropped'; readonly why: 'rate-limited' | 'backlog' }
  | { readonly type: 'failed'; readonly error: unknown };
