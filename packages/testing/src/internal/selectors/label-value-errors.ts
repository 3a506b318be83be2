import { Buffer } from 'node:buffer';

/** kube-apiserver 1.20's `labelValueFmt`, as its messages print it. */
const VALUE_FORMAT = '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?';
const VALUE = new RegExp(`^${VALUE_FORMAT}$`);
/** In UTF-8 bytes, as Go's `len`. */
const VALUE_MAX_BYTES = 63;

/**
 * Why a label value is invalid, as kube-apiserver 1.20's `validation.IsValidLabelValue` says it,
 * one message per problem; empty when it is valid (the empty string is).
 */
export function labelValueErrors(value: string): string[] {
  const errors: string[] = [];
  if (Buffer.byteLength(value) > VALUE_MAX_BYTES) {
    errors.push(`must be no more than ${VALUE_MAX_BYTES} characters`);
  }
  if (!VALUE.test(value)) {
    errors.push(
      `a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '${VALUE_FORMAT}')`,
    );
  }
  return errors;
}
