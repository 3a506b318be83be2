/** Placeholders that {@link normalizeObservation} puts in place of values that differ by nature. */
export const placeholders = {
  resourceVersion: '<rv>',
  uid: '<uid>',
  time: '<time>',
  continue: '<continue>',
  number: '<n>',
  token: '<token>',
} as const;

const TIME_KEYS = new Set(['creationTimestamp', 'deletionTimestamp', 'time', 'lastTransitionTime']);
/** Long runs of base64url: continue tokens quoted inside messages. */
const TOKEN_PATTERN = /[A-Za-z0-9_-]{40,}={0,2}/g;
const DIGITS = /\d+/g;

/**
 * A copy of a response (or any JSON) in which values that differ between two servers by nature
 * are replaced by placeholders, so the rest can be compared field by field:
 *
 * - `resourceVersion` (any depth, also `metadata.resourceVersion` of bookmarks) → `<rv>`;
 * - `uid` → `<uid>`; timestamps (`creationTimestamp`, `time`, …) given as strings → `<time>`;
 * - a non-empty `continue` token → `<continue>`;
 * - in `message` strings: continue tokens → `<token>`, then every run of digits → `<n>` (versions
 *   such as "too old resource version: 1 (95)").
 *
 * `null`, absent fields, key sets and every other value are kept exactly.
 *
 * @example
 * ```ts
 * import { normalizeObservation } from '@rxkube/conformance';
 * normalizeObservation({ metadata: { resourceVersion: '42' }, message: 'too old resource version: 1 (95)' });
 * // { metadata: { resourceVersion: '<rv>' }, message: 'too old resource version: <n> (<n>)' }
 * ```
 */
export function normalizeObservation(value: unknown): unknown {
  return normalize(value, undefined);
}

function normalize(value: unknown, key: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => normalize(item, undefined));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(value)) out[name] = normalize(inner, name);
    return out;
  }
  if (typeof value !== 'string' || key === undefined) return value;
  if (key === 'resourceVersion') return placeholders.resourceVersion;
  if (key === 'uid') return placeholders.uid;
  if (TIME_KEYS.has(key)) return placeholders.time;
  if (key === 'continue') return value.length > 0 ? placeholders.continue : value;
  if (key === 'message') {
    return value.replace(TOKEN_PATTERN, placeholders.token).replace(DIGITS, placeholders.number);
  }
  return value;
}
