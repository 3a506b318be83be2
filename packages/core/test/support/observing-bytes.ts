import type { KubeClient } from '../../src/index.js';
import type { KubeResponse, LineSink, ReadLinesOptions, Transport } from '../../src/transport.js';

/** A client whose watch bodies are counted as they reach the caller, for condition-based tests. */
export interface ObservedClient {
  readonly client: KubeClient;
  /** Body bytes handed to the caller so far, over every response. */
  received(): number;
}

/**
 * Wraps `client`'s transport without changing what it does: every body chunk (or every
 * `readLines` byte report) is counted after the caller has seen it, so a test can wait until a
 * write it made has arrived instead of sleeping.
 */
export function observingBytes(client: KubeClient): ObservedClient {
  let received = 0;
  const inner = client.transport;
  const observe = (response: KubeResponse): KubeResponse =>
    new Proxy(response, {
      get(target, property) {
        if (property === 'body') {
          const body = target.body;
          return {
            async *[Symbol.asyncIterator]() {
              for await (const chunk of body) {
                yield chunk;
                received += chunk.byteLength;
              }
            },
          };
        }
        if (property === 'readLines' && target.readLines !== undefined) {
          const readLines = target.readLines.bind(target);
          return (sink: LineSink, options: ReadLinesOptions) =>
            readLines(
              {
                ...sink,
                bytes: (count: number) => {
                  sink.bytes?.(count);
                  received += count;
                },
              },
              options,
            );
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const transport: Transport = {
    request: async (request) => observe(await inner.request(request)),
  };
  return { client: { ...client, transport }, received: () => received };
}
