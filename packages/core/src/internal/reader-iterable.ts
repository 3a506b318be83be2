/**
 * A single-use async iterable over a WHATWG byte stream, read with `getReader()` (async iteration
 * of `ReadableStream` itself is not available everywhere). Leaving the loop early cancels the
 * stream. `mapError` turns a failed read into the error to throw.
 */
export function readerIterable(
  stream: ReadableStream<Uint8Array>,
  mapError: (error: unknown) => unknown = (error) => error,
): AsyncIterable<Uint8Array> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
      const reader = stream.getReader();
      return {
        async next(): Promise<IteratorResult<Uint8Array>> {
          try {
            const result = await reader.read();
            return result.done
              ? { done: true, value: undefined }
              : { done: false, value: result.value };
          } catch (error) {
            throw mapError(error);
          }
        },
        async return(): Promise<IteratorResult<Uint8Array>> {
          await reader.cancel().catch(() => undefined);
          return { done: true, value: undefined };
        },
      };
    },
  };
}
