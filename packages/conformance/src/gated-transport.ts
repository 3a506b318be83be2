import type { KubeRequest, KubeResponse, Transport } from '@rxkube/core/transport';

/**
 * A transport that holds back the requests a predicate picks until the test releases them.
 *
 * @example
 * ```ts
 * const gated = gatedTransport(client.transport, { hold: (r) => r.query?.['continue'] !== undefined });
 * ```
 */
export interface GatedTransport extends Transport {
  /** Resolves with the first held request, as soon as one is waiting. */
  held(): Promise<KubeRequest>;
  /** Lets every held request through, and every later one without holding it. */
  release(): void;
}

/** Options of {@link gatedTransport}. */
export interface GatedTransportOptions {
  /** Which requests wait for `release()`. */
  readonly hold: (request: KubeRequest) => boolean;
}

/**
 * Wraps a transport so that requests matching `hold` wait until `release()` is called: e.g.
 * pause a paginated LIST between two pages while the test writes and compacts. The gate opens
 * once and stays open.
 *
 * @example
 * ```ts
 * import { gatedTransport } from '@rxkube/conformance';
 * const gated = gatedTransport(client.transport, { hold: (r) => r.query?.['continue'] !== undefined });
 * const result = firstValueFrom(list$({ ...client, transport: gated }, ref, { pageSize: 10 }));
 * await gated.held(); // page 1 is done; page 2 waits
 * // … write, compact …
 * gated.release();
 * await result;
 * ```
 */
export function gatedTransport(inner: Transport, options: GatedTransportOptions): GatedTransport {
  let open = false;
  let releaseAll!: () => void;
  const released = new Promise<void>((resolve) => {
    releaseAll = resolve;
  });
  let announce!: (request: KubeRequest) => void;
  const firstHeld = new Promise<KubeRequest>((resolve) => {
    announce = resolve;
  });
  return {
    held: () => firstHeld,
    release() {
      open = true;
      releaseAll();
    },
    async request(request: KubeRequest): Promise<KubeResponse> {
      if (!open && options.hold(request)) {
        announce(request);
        await released;
      }
      return inner.request(request);
    },
  };
}
