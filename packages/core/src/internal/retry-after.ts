import type { HeaderSource } from '../header-source.js';
import type { KubeStatus } from '../kube-status.js';

const MS_PER_SECOND = 1000;

function header(headers: HeaderSource | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined;
  return typeof headers === 'function' ? headers(name) : headers[name];
}

/**
 * The delay a server asked for: the `Retry-After` header (seconds or an HTTP date), else the
 * Status's `details.retryAfterSeconds`.
 */
export function retryAfterMs(
  headers: HeaderSource | undefined,
  status: KubeStatus | undefined,
  now: () => number = Date.now,
): number | undefined {
  const value = header(headers, 'retry-after')?.trim();
  if (value) {
    if (/^\d+$/.test(value)) return Number(value) * MS_PER_SECOND;
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, date - now());
  }
  const seconds = status?.details?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds >= 0 ? seconds * MS_PER_SECOND : undefined;
}
