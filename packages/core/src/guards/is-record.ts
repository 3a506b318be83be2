/**
 * Whether a value is a JSON object (not `null`, not an array): what a zod `object` or
 * `looseObject` schema accepts before it looks at the fields.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
