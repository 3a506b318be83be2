/**
 * The flow-control credit of one multiplexed response: how many body bytes the client allows the
 * proxy to send now. The proxy spends it as it sends `data` frames, and waits for more (a `credit`
 * frame) before it reads on from upstream, so a paused reader pauses the upstream response.
 */
export class StreamCredit {
  #bytes: number;
  #wake: (() => void) | undefined;

  /** `initial`: the request's `window`. */
  constructor(initial: number) {
    this.#bytes = initial;
  }

  /** Bytes that may be sent now (0 when spent). */
  get available(): number {
    return Math.max(0, this.#bytes);
  }

  /** Records `bytes` sent. */
  spend(bytes: number): void {
    this.#bytes -= bytes;
  }

  /** A `credit` frame arrived. */
  grant(bytes: number): void {
    this.#bytes += bytes;
    this.#release();
  }

  /** Resolves once some credit is available, or at once when `signal` aborts (then or later). */
  waitFor(signal: AbortSignal): Promise<void> {
    if (this.#bytes > 0 || signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        this.#wake = undefined;
        resolve();
      };
      this.#wake = done;
      signal.addEventListener('abort', done, { once: true });
    });
  }

  #release(): void {
    if (this.#bytes > 0) this.#wake?.();
  }
}
