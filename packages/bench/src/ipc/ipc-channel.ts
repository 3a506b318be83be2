/** Something that sends and receives IPC messages: a forked `ChildProcess`, or `process` inside one. */
export interface IpcEndpoint {
  send?(message: unknown): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

interface RequestEnvelope {
  readonly kind: 'request';
  readonly id: number;
  readonly body: unknown;
}

interface ReplyEnvelope {
  readonly kind: 'reply';
  readonly id: number;
  readonly ok: boolean;
  readonly body: unknown;
}

/**
 * Request/reply over a Node IPC channel: `request` sends a body and resolves with the other side's
 * answer; `serve` answers requests with a handler (its rejection becomes the requester's error).
 *
 * @example
 * ```ts
 * const channel = new IpcChannel(fork('server-main.js'));
 * const seeded = await channel.request<SeedReply>({ type: 'seed', count: 10_000 });
 * ```
 */
export class IpcChannel {
  readonly #endpoint: IpcEndpoint;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #next = 1;
  #handler: ((body: unknown) => Promise<unknown>) | undefined;
  readonly #listener = (message: unknown) => this.#receive(message);

  constructor(endpoint: IpcEndpoint) {
    this.#endpoint = endpoint;
    endpoint.on('message', this.#listener);
  }

  request<R>(body: unknown): Promise<R> {
    const id = this.#next++;
    return new Promise<R>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#endpoint.send?.({ kind: 'request', id, body } satisfies RequestEnvelope);
    });
  }

  serve(handler: (body: unknown) => Promise<unknown>): void {
    this.#handler = handler;
  }

  /** Fails every pending request (the other side went away). */
  failAll(error: Error): void {
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  close(): void {
    this.#endpoint.off('message', this.#listener);
  }

  #receive(message: unknown): void {
    if (typeof message !== 'object' || message === null || !('kind' in message)) return;
    const envelope = message as RequestEnvelope | ReplyEnvelope;
    if (envelope.kind === 'reply') {
      const pending = this.#pending.get(envelope.id);
      if (pending === undefined) return;
      this.#pending.delete(envelope.id);
      if (envelope.ok) pending.resolve(envelope.body);
      else pending.reject(new Error(String(envelope.body)));
      return;
    }
    const handler = this.#handler;
    const reply = (ok: boolean, body: unknown) =>
      this.#endpoint.send?.({ kind: 'reply', id: envelope.id, ok, body } satisfies ReplyEnvelope);
    if (handler === undefined) {
      reply(false, 'no handler');
      return;
    }
    handler(envelope.body).then(
      (body) => reply(true, body),
      (error: unknown) =>
        reply(false, error instanceof Error ? (error.stack ?? error.message) : String(error)),
    );
  }
}
