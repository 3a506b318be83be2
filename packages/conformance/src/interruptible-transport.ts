import { TransportError } from '@rxkube/core/errors';
import type { KubeRequest, KubeResponse, Transport } from '@rxkube/core/transport';
import { classifyRequest } from '@rxkube/testing';
import { observedResponse } from './observed-response.js';

/**
 * A transport whose open watch connections a test can cut.
 *
 * @example
 * ```ts
 * const transport = interruptibleTransport(client.transport);
 * transport.dropWatches(); // every open watch fails as if the network dropped it
 * ```
 */
export interface InterruptibleTransport extends Transport {
  /**
   * Aborts every open watch request (its socket is torn down) and makes its reader fail with a
   * `TransportError`, as a connection lost mid-stream does. Returns how many were dropped.
   */
  dropWatches(): number;
  /** Watch responses whose body has not ended yet. */
  readonly openWatches: number;
}

/**
 * Wraps a transport so that a test can drop the watch connections it carries, without closing
 * the client: other requests, and later watches, go through as usual.
 *
 * @example
 * ```ts
 * import { interruptibleTransport } from '@rxkube/conformance';
 * const transport = interruptibleTransport(client.transport);
 * const states = cachedCollection$({ ...client, transport }, ref);
 * // … once live:
 * transport.dropWatches(); // the collection reconnects and resumes from its last version
 * ```
 */
export function interruptibleTransport(inner: Transport): InterruptibleTransport {
  const open = new Set<() => void>();
  return {
    get openWatches() {
      return open.size;
    },
    dropWatches() {
      const drops = [...open];
      for (const drop of drops) drop();
      return drops.length;
    },
    async request(request: KubeRequest): Promise<KubeResponse> {
      if (classifyRequest(request) !== 'watch') return inner.request(request);
      const controller = new AbortController();
      const outer = request.signal;
      const follow = () => controller.abort(outer?.reason);
      if (outer?.aborted) follow();
      else outer?.addEventListener('abort', follow, { once: true });
      let dropped = false;
      const drop = () => {
        dropped = true;
        controller.abort(new Error('watch connection dropped by the test'));
      };
      const done = () => {
        open.delete(drop);
        outer?.removeEventListener('abort', follow);
      };
      const translate = (error: unknown): unknown =>
        dropped
          ? new TransportError('the watch connection was dropped mid-stream', { cause: error })
          : error;
      open.add(drop);
      let response: KubeResponse;
      try {
        response = await inner.request({ ...request, signal: controller.signal });
      } catch (error) {
        done();
        throw translate(error);
      }
      return observedResponse(response, {
        ended: done,
        failed: (error) => {
          done();
          return translate(error);
        },
        released: done,
      });
    },
  };
}
