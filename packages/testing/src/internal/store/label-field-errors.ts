import { labelValueErrors } from '../selectors/label-value-errors.js';
import { qualifiedNameErrors } from '../selectors/qualified-name-errors.js';
import type { FieldError } from '../status.js';

/**
 * The validation errors of an object's `metadata.labels`, as kube-apiserver 1.20's
 * `ValidateLabels`: per label, its key's problems then its value's, each one error on the
 * field `metadata.labels` with the offending key or value. (1.20 walks a Go map, so the order of
 * several bad labels varies there; here it is the object's.)
 */
export function labelFieldErrors(labels: unknown): FieldError[] {
  if (typeof labels !== 'object' || labels === null || Array.isArray(labels)) return [];
  const errors: FieldError[] = [];
  const invalid = (value: string, detail: string): FieldError => ({
    type: 'Invalid',
    field: 'metadata.labels',
    value,
    detail,
  });
  for (const [key, value] of Object.entries(labels)) {
    for (const detail of qualifiedNameErrors(key)) errors.push(invalid(key, detail));
    if (typeof value !== 'string') continue;
    for (const detail of labelValueErrors(value)) errors.push(invalid(value, detail));
  }
  return errors;
}
