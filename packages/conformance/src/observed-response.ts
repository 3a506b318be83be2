import type { KubeResponse, LineSink, ReadLinesOptions } from '@rxkube/core/transport';

/** What a wrapper learns of a response's body, whichever way the body is read. */
export interface ResponseObserver {
  /** The body was read to its clean end (by `body`, `text()` or `readLines`). */
  ended(): void;
  /** Reading the body failed with `error`; returns the error to throw in its place. */
  failed(error: unknown): unknown;
  /** The body was given up: its iteration stopped (at the end, on failure or early), or `dispose()`. */
  released(): void;
}

/**
 * `response` unchanged but for `observer`, told how its body was read: the one place the
 * conformance transports wrap a response, so that every way to read a body is seen.
 *
 * @example
 * ```ts
 * const response = await inner.request(request);
 * return observedResponse(response, {
 *   ended: () => console.log('the server ended the body'),
 *   failed: (error) => error,
 *   released: () => console.log('the body was released'),
 * });
 * ```
 */
export function observedResponse(response: KubeResponse, observer: ResponseObserver): KubeResponse {
  const readLines = response.readLines;
  return {
    status: response.status,
    header: (name) => response.header(name),
    get body(): AsyncIterable<Uint8Array> {
      const body = response.body;
      return {
        async *[Symbol.asyncIterator]() {
          try {
            for await (const chunk of body) yield chunk;
            observer.ended();
          } catch (error) {
            throw observer.failed(error);
          } finally {
            observer.released();
          }
        },
      };
    },
    text: async () => {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw observer.failed(error);
      }
      observer.ended();
      return text;
    },
    dispose: async () => {
      observer.released();
      await response.dispose();
    },
    ...(readLines === undefined
      ? {}
      : {
          readLines: async (sink: LineSink, options: ReadLinesOptions) => {
            try {
              await readLines.call(response, sink, options);
            } catch (error) {
              throw observer.failed(error);
            }
            observer.ended();
          },
        }),
  };
}
