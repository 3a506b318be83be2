import { isRecord } from './is-record.js';

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/**
 * Whether a value fits `objectMetaShape`: an object whose `name`, `generateName`, `namespace`,
 * `uid` and `resourceVersion` are each absent or a string. The fields are read one by one, not
 * in a loop.
 */
export function isObjectMeta(value: unknown): boolean {
  return (
    isRecord(value) &&
    isOptionalString(value.name) &&
    isOptionalString(value.namespace) &&
    isOptionalString(value.resourceVersion) &&
    isOptionalString(value.uid) &&
    isOptionalString(value.generateName)
  );
}
