import type { IncomingMessage } from 'node:http';
import type { Impersonation } from '../../requests/impersonation.js';

const EXTRA_PREFIX = 'impersonate-extra-';

/**
 * The `Impersonate-*` headers of a request, one value per header line as kube-apiserver reads
 * them (a comma inside a line stays part of its value), or `undefined` without `Impersonate-User`.
 */
export function impersonationOf(req: IncomingMessage): Impersonation | undefined {
  const lines = req.headersDistinct;
  const user = lines['impersonate-user']?.[0];
  if (user === undefined) return undefined;
  const extra: Record<string, readonly string[]> = {};
  for (const [name, values] of Object.entries(lines)) {
    if (!name.startsWith(EXTRA_PREFIX) || values === undefined) continue;
    extra[decodeURIComponent(name.slice(EXTRA_PREFIX.length))] = values;
  }
  const uid = lines['impersonate-uid']?.[0];
  return {
    user,
    groups: lines['impersonate-group'] ?? [],
    extra,
    ...(uid === undefined ? {} : { uid }),
  };
}
