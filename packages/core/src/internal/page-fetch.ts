/**
 * One LIST page in flight, with its own abort: its answer, and the continue token read at the
 * head of its body as soon as it is (before the body has ended), so that the page after it can
 * be asked for while this one is still arriving and being parsed.
 *
 * @example
 * ```ts
 * const page = new PageFetch(new AbortController().signal, async (_signal, onToken) => {
 *   onToken('token-of-page-2'); // read at the head of the body
 *   return 'page 1';
 * });
 * page.whenToken((token) => console.log('ask for', token)); // 'ask for token-of-page-2'
 * await page.answer; // 'page 1'
 * ```
 */
export class PageFetch<A> {
  readonly answer: Promise<A>;
  readonly #controller = new AbortController();
  #token: string | undefined;
  #onToken: ((token: string) => void) | undefined;

  constructor(
    parent: AbortSignal,
    run: (signal: AbortSignal, onToken: (token: string) => void) => Promise<A>,
  ) {
    const abort = () => this.#controller.abort();
    if (parent.aborted) abort();
    else parent.addEventListener('abort', abort);
    this.answer = run(this.#controller.signal, (token) => {
      this.#token = token;
      this.#onToken?.(token);
    }).finally(() => {
      parent.removeEventListener('abort', abort);
      this.#onToken = undefined;
    });
    // A page given up on is never awaited: its failure is nobody's.
    this.answer.catch(() => undefined);
  }

  /** Calls `then` once with the token read at the head: now if it already was, else when it is. */
  whenToken(then: (token: string) => void): void {
    if (this.#token !== undefined) then(this.#token);
    else this.#onToken = then;
  }

  /** Gives the page up: its request and body are aborted. */
  abort(): void {
    this.#controller.abort();
  }
}
