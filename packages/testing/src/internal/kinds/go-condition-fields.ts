import { isJsonObject } from '../json/json-value.js';

/**
 * Conditions as Go serializes them: the time fields named in `order` (structs, so `omitempty`
 * does not drop them) are `null` when not given, and every field takes its place in Go's field
 * order (`order`); fields not in `order` follow. Items that are not objects are kept.
 */
export function goConditions(
  conditions: unknown,
  order: readonly string[],
  times: readonly string[],
): unknown {
  if (!Array.isArray(conditions)) return conditions;
  return conditions.map((condition) => {
    if (!isJsonObject(condition)) return condition;
    const out: Record<string, unknown> = {};
    for (const field of order) {
      const value = condition[field];
      if (value !== undefined) out[field] = value;
      else if (times.includes(field)) out[field] = null;
    }
    for (const [key, value] of Object.entries(condition)) if (!(key in out)) out[key] = value;
    return out;
  });
}
