import { InvalidObjectError } from '../errors/invalid-object-error.js';
import type { KubeObject } from '../kube-object.js';
import { objectKey } from '../object-key.js';
import type { ObjectSchema } from '../object-schema.js';

/** Turns a wire object into the caller's `T`: `schema` first (validation), then `transform`. */
export type ObjectDecoder<T> = (object: KubeObject) => T;

function describeIssue(issue: unknown): string {
  if (typeof issue !== 'object' || issue === null) return 'invalid';
  const { path, message } = issue as { path?: readonly PropertyKey[]; message?: unknown };
  const where = Array.isArray(path) && path.length > 0 ? `${path.map(String).join('.')}: ` : '';
  return `${where}${typeof message === 'string' ? message : 'invalid'}`;
}

/** The decoder for the given options; `undefined` when objects pass through unchanged. */
export function objectDecoder<T extends KubeObject>(
  schema: ObjectSchema<T> | undefined,
  transform: ((object: T) => T) | undefined,
): ObjectDecoder<T> | undefined {
  if (schema === undefined && transform === undefined) return undefined;
  return (object) => {
    let value = object as T;
    if (schema !== undefined) {
      const result = schema.safeParse(object);
      if (!result.success) {
        const key = objectKey(object);
        const issues = result.error.issues;
        const first = issues.length > 0 ? ` (${describeIssue(issues[0])})` : '';
        throw new InvalidObjectError(`object ${key} does not match the schema${first}`, {
          key,
          issues,
        });
      }
      value = result.data;
    }
    return transform === undefined ? value : transform(value);
  };
}
