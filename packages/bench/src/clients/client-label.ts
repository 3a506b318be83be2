import type { BenchClientSpec } from './bench-client-spec.js';

/**
 * A client's name in tables and charts.
 *
 * @example
 * ```ts
 * clientLabel({ kind: 'rxkube', shared: true, subscribers: 10 }); // 'rxkube ×10 shared'
 * ```
 */
export function clientLabel(spec: BenchClientSpec): string {
  const parts: string[] = [
    spec.kind === 'string-floor'
      ? 'old floor (setEncoding)'
      : spec.kind === 'floor'
        ? 'floor (Buffer split)'
        : spec.kind,
  ];
  if (spec.decoder === 'ndjson') parts.push('(ndjson decoder)');
  if (spec.transform === 'drop-managed-fields') parts.push('(transform)');
  if (spec.transport === 'node-http') parts.push('(node:http)');
  if (spec.pagesAhead === true) parts.push('(pages ahead)');
  const n = spec.subscribers ?? 1;
  if (n > 1)
    parts.push(`×${n}${spec.kind === 'rxkube' ? (spec.shared ? ' shared' : ' unshared') : ''}`);
  return parts.join(' ');
}
