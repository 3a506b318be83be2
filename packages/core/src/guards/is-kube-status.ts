import type { KubeStatus } from '../kube-status.js';
import { isRecord } from './is-record.js';

/** Absent, or of that type (a number also finite, as zod's `number()` wants). */
function isOptional(value: unknown, type: 'string' | 'number'): boolean {
  if (value === undefined) return true;
  return type === 'string' ? typeof value === 'string' : Number.isFinite(value);
}

function isCause(value: unknown): boolean {
  return (
    isRecord(value) &&
    isOptional(value.reason, 'string') &&
    isOptional(value.message, 'string') &&
    isOptional(value.field, 'string')
  );
}

function isDetails(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (
    !isOptional(value.name, 'string') ||
    !isOptional(value.group, 'string') ||
    !isOptional(value.kind, 'string') ||
    !isOptional(value.uid, 'string') ||
    !isOptional(value.retryAfterSeconds, 'number')
  )
    return false;
  const causes = value.causes;
  if (causes === undefined) return true;
  return Array.isArray(causes) && (causes as readonly unknown[]).every(isCause);
}

/**
 * Whether a value is the API server's `Status`: the same shapes `kubeStatusSchema` accepts
 * (test/guards/is-kube-status.test.ts checks both on generated values), written by hand so
 * that reading an error answer or an ERROR watch event does not load zod. Unknown fields are
 * kept: the value itself is the `Status`.
 */
export function isKubeStatus(value: unknown): value is KubeStatus {
  if (!isRecord(value) || value.kind !== 'Status') return false;
  const metadata = value.metadata;
  if (
    metadata !== undefined &&
    !(
      isRecord(metadata) &&
      isOptional(metadata.continue, 'string') &&
      isOptional(metadata.resourceVersion, 'string')
    )
  )
    return false;
  return (
    isOptional(value.apiVersion, 'string') &&
    isOptional(value.status, 'string') &&
    isOptional(value.message, 'string') &&
    isOptional(value.reason, 'string') &&
    isOptional(value.code, 'number') &&
    (value.details === undefined || isDetails(value.details))
  );
}
