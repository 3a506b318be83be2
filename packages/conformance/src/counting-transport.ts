import type { KubeRequest, KubeResponse, Transport } from '@rxkube/core/transport';
import type { RequestKind } from '@rxkube/testing';
import { classifyRequest } from '@rxkube/testing';
import type { RecordedRequest } from './recorded-request.js';

/**
 * A {@link Transport} that records every request it forwards, so a test can assert which
 * requests a client made (e.g. "exactly 3 LISTs").
 *
 * @example
 * ```ts
 * const counting = countingTransport(client.transport);
 * ```
 */
export interface CountingTransport extends Transport {
  /** Every request so far, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** How many requests of this kind were made (optionally only those matching `where`). */
  count(kind: RequestKind, where?: (request: RecordedRequest) => boolean): number;
}

/**
 * Wraps a transport so that every request is recorded in `requests` with its
 * {@link RequestKind}, query (as strings) and status. Requests and responses pass unchanged.
 *
 * @example
 * ```ts
 * import { countingTransport } from '@rxkube/conformance';
 * const transport = countingTransport(client.transport);
 * const counted = { ...client, transport };
 * // … run list$(counted, ref, { pageSize: 10 }) …
 * transport.count('list'); // 3 for 25 objects
 * ```
 */
export function countingTransport(inner: Transport): CountingTransport {
  const requests: RecordedRequest[] = [];
  return {
    requests,
    count: (kind, where) =>
      requests.filter((request) => request.kind === kind && (where?.(request) ?? true)).length,
    async request(request: KubeRequest): Promise<KubeResponse> {
      const index = requests.length;
      const base: RecordedRequest = {
        kind: classifyRequest(request),
        method: request.method ?? 'GET',
        path: request.path,
        query: stringQuery(request.query),
        status: undefined,
        failed: false,
      };
      requests.push(base);
      try {
        const response = await inner.request(request);
        requests[index] = { ...base, status: response.status };
        return response;
      } catch (error) {
        requests[index] = { ...base, failed: true };
        throw error;
      }
    },
  };
}

function stringQuery(query: KubeRequest['query']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) out[name] = String(value);
  }
  return out;
}
