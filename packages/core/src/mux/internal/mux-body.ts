/** How a body ended: not yet, completely, or with an error. */
type Ending =
  | { readonly kind: 'open' }
  | { readonly kind: 'done' }
  | { readonly kind: 'failed'; readonly error: unknown };

/**
 * The body of one multiplexed response: chunks are queued as frames arrive and read in order; an
 * end or a failure is seen after the chunks that came before it (as a dropped HTTP connection
 * delivers the bytes it received first), unless it discards them (an abort). Read once.
 */
export class MuxBody implements AsyncIterable<Uint8Array> {
  readonly #chunks: Uint8Array[] = [];
  #ending: Ending = { kind: 'open' };
  #wake: (() => void) | undefined;
  readonly #onRelease: () => void;
  readonly #onRead: (bytes: number) => void;
  #unread = 0;

  /**
   * `onRelease`: the reader let go before the end (the request is to be cancelled); `onRead`:
   * the reader took a chunk of `bytes` (flow control grants them again).
   */
  constructor(onRelease: () => void, onRead: (bytes: number) => void = () => undefined) {
    this.#onRelease = onRelease;
    this.#onRead = onRead;
  }

  /** Bytes pushed and not read yet. */
  get unreadBytes(): number {
    return this.#unread;
  }

  push(chunk: Uint8Array): void {
    if (this.#ending.kind !== 'open') return;
    this.#chunks.push(chunk);
    this.#unread += chunk.length;
    this.#notify();
  }

  end(): void {
    if (this.#ending.kind !== 'open') return;
    this.#ending = { kind: 'done' };
    this.#notify();
  }

  fail(error: unknown, discard = false): void {
    if (this.#ending.kind !== 'open') return;
    if (discard) this.#discard();
    this.#ending = { kind: 'failed', error };
    this.#notify();
  }

  #discard(): void {
    this.#chunks.length = 0;
    this.#unread = 0;
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    return {
      next: async (): Promise<IteratorResult<Uint8Array>> => {
        while (true) {
          const chunk = this.#chunks.shift();
          if (chunk !== undefined) {
            this.#unread -= chunk.length;
            if (this.#ending.kind === 'open') this.#onRead(chunk.length);
            return { done: false, value: chunk };
          }
          const ending = this.#ending;
          if (ending.kind === 'done') return { done: true, value: undefined };
          if (ending.kind === 'failed') throw ending.error;
          await new Promise<void>((resolve) => {
            this.#wake = resolve;
          });
        }
      },
      return: async (): Promise<IteratorResult<Uint8Array>> => {
        if (this.#ending.kind === 'open') {
          this.#discard();
          this.#ending = { kind: 'done' };
          this.#onRelease();
        }
        return { done: true, value: undefined };
      },
    };
  }
}
