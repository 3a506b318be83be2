import { InvalidObjectError } from '../errors/invalid-object-error.js';
import type { KubeObject } from '../kube-object.js';
import { objectKey } from '../object-key.js';
import type { ObjectSchema } from '../object-schema.js';
import { rememberIdentity, wireIdentity } from './object-identity.js';

/**
 * Turns a wire object into the caller's `T`: `schema` first (validation), then `transform`. The
 * wire identity (key, uid, version) is read before either runs and remembered for the result.
 */
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
    // read now, before a transform may change or drop it (even in place)
    const identity = wireIdentity(object);
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
    const decoded = transform === undefined ? value : transform(value);
    if (typeof decoded === 'object' && decoded !== null) rememberIdentity(decoded, identity);
    return decoded;
  };
}
