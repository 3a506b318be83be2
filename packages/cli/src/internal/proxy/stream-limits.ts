import type { IncomingMessage } from 'node:http';

/** How many streams may be open at once: in the whole proxy, and for one client. */
export interface StreamCaps {
  readonly maxStreams: number;
  readonly maxStreamsPerClient: number;
}

/**
 * Who a request comes from, for the cap per client: the address it comes from and, for a page,
 * its `Origin` (two pages, or a page and a command-line tool, on one machine are two clients).
 */
export function clientOf(request: IncomingMessage): string {
  return `${request.socket.remoteAddress ?? ''} ${request.headers.origin ?? ''}`;
}

/**
 * The open streams of a proxy (forwarded HTTP requests and multiplexed requests alike, each of
 * which holds one connection to the API server while it is open), counted in the whole proxy and
 * per client. A stream over either cap is refused, so one client cannot take every stream, and
 * the proxy never runs out of file descriptors.
 */
export class StreamLimits {
  readonly #caps: StreamCaps;
  readonly #byClient = new Map<string, number>();
  #open = 0;

  constructor(caps: StreamCaps) {
    this.#caps = caps;
  }

  /** Streams open now. */
  get open(): number {
    return this.#open;
  }

  /** A stream for `client`, to be released once it ends; or why there is none. */
  take(client: string): { readonly release: () => void } | { readonly refused: string } {
    const { maxStreams, maxStreamsPerClient } = this.#caps;
    const mine = this.#byClient.get(client) ?? 0;
    if (mine >= maxStreamsPerClient) {
      return {
        refused: `this client has ${mine} requests open, the most the proxy serves one client (--max-streams-per-client)`,
      };
    }
    if (this.#open >= maxStreams) {
      return {
        refused: `the proxy has ${this.#open} requests open, the most it serves at once (--max-streams)`,
      };
    }
    this.#open += 1;
    this.#byClient.set(client, mine + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#open -= 1;
        const left = (this.#byClient.get(client) ?? 1) - 1;
        if (left === 0) this.#byClient.delete(client);
        else this.#byClient.set(client, left);
      },
    };
  }
}
