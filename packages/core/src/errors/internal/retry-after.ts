import type { HeaderSource } from '../../header-source.js';
import { ioDefaults } from '../../io-defaults.js';
import type { KubeStatus } from '../../kube-status.js';

const MS_PER_SECOND = 1000;

function header(headers: HeaderSource | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined;
  return typeof headers === 'function' ? headers(name) : headers[name];
}

/**
 * The delay a server asked for: the `Retry-After` header (seconds or an HTTP date, read against
 * the wall clock `now`, as the server wrote it), else the Status's `details.retryAfterSeconds`; at
 * most `ioDefaults.maxRetryAfterMs`.
 */
export function retryAfterMs(
  headers: HeaderSource | undefined,
  status: KubeStatus | undefined,
  now: () => number = Date.now,
): number | undefined {
  const asked = askedMs(headers, status, now);
  return asked === undefined ? undefined : Math.min(asked, ioDefaults.maxRetryAfterMs);
}

function askedMs(
  headers: HeaderSource | undefined,
  status: KubeStatus | undefined,
  now: () => number,
): number | undefined {
  const raw = header(headers, 'retry-after');
  const value = typeof raw === 'string' ? raw.trim() : undefined;
  if (value) {
    if (/^\d+$/.test(value)) return Number(value) * MS_PER_SECOND;
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, date - now());
  }
  const details: unknown = status?.details;
  const seconds =
    typeof details === 'object' && details !== null
      ? (details as { retryAfterSeconds?: unknown }).retryAfterSeconds
      : undefined;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
    ? seconds * MS_PER_SECOND
    : undefined;
}
