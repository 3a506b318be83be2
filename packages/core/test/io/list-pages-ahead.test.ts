import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { DecodeError, list$ } from '../../src/index.js';
import type { KubeRequest, KubeResponse, Transport } from '../../src/transport/index.js';
import { until } from '../support/script-server.js';

const pods = { version: 'v1', resource: 'pods', namespace: 'default' } as const;
const encoder = new TextEncoder();

/** A response body whose chunks the test releases one by one. */
class HeldBody {
  readonly #chunks: (Uint8Array | null)[] = [];
  #wake: (() => void) | undefined;
  /** Every chunk pushed has been read, and the reader waits for more. */
  waiting = false;

  constructor(readonly signal: AbortSignal | undefined) {
    signal?.addEventListener('abort', () => this.#wake?.());
  }

  push(text: string | null): void {
    this.#chunks.push(text === null ? null : encoder.encode(text));
    this.waiting = false;
    this.#wake?.();
  }

  /** The body's last text, then its end. */
  finish(text: string): void {
    this.push(text);
    this.push(null);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    for (;;) {
      if (this.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      const next = this.#chunks.shift();
      if (next === null) return;
      if (next !== undefined) yield next;
      else {
        this.waiting = true;
        await new Promise<void>((resolve) => (this.#wake = resolve));
        this.waiting = false;
      }
    }
  }
}

interface Call {
  readonly request: KubeRequest;
  readonly body: HeldBody;
}

/** A transport answering every request 200 with a body the test writes. */
function heldTransport(): { transport: Transport; calls: Call[] } {
  const calls: Call[] = [];
  const transport: Transport = {
    request: async (request) => {
      const body = new HeldBody(request.signal);
      calls.push({ request, body });
      const response: KubeResponse = {
        status: 200,
        header: () => undefined,
        body,
        text: () => Promise.reject(new Error('read as chunks')),
        dispose: async () => undefined,
      };
      return response;
    },
  };
  return { transport, calls };
}

const head = (metadata: Record<string, unknown>) =>
  `{"kind":"PodList","apiVersion":"v1","metadata":${JSON.stringify(metadata)},"items":[`;
const item = (name: string) => JSON.stringify({ metadata: { name, namespace: 'default' } });
const continueOf = (call: Call | undefined) => call?.request.query?.continue;

/** `list$` over a held transport, once its first page has been asked for. */
async function listHeld(pageSize: number) {
  const { transport, calls } = heldTransport();
  const listed = firstValueFrom(list$({ transport }, pods, { pageSize }));
  await until(() => calls.length === 1);
  return { calls, listed };
}

describe('list$ asks for the next page at the head of the current one', () => {
  it('requests the next page once the head names it, before the body ends, and lists every item in order', async () => {
    const { calls, listed } = await listHeld(2);
    calls[0]?.body.push(head({ resourceVersion: '5', continue: 'c1' }) + item('a'));
    await until(() => calls.length === 2);
    expect(continueOf(calls[1])).toBe('c1');
    // The first page is still arriving, and the second has been asked for.
    calls[0]?.body.finish(`,${item('b')}]}`);
    calls[1]?.body.finish(`${head({ resourceVersion: '5' })}${item('c')}]}`);
    const result = await listed;
    expect(result.items.map((i) => i.metadata?.name)).toEqual(['a', 'b', 'c']);
    expect(result.resourceVersion).toBe('5');
    expect(calls).toHaveLength(2);
  });

  it('asks for one page ahead at most, however early the later heads arrive', async () => {
    const { calls, listed } = await listHeld(1);
    calls[0]?.body.push(head({ resourceVersion: '5', continue: 'c1' }));
    await until(() => calls.length === 2);
    calls[1]?.body.push(head({ resourceVersion: '5', continue: 'c2' }));
    // Page 2's head names page 3, but page 1 is not read yet: nothing more is asked for.
    await until(() => calls[1]?.body.waiting === true);
    expect(calls).toHaveLength(2);
    calls[0]?.body.finish(`${item('a')}]}`);
    await until(() => calls.length === 3);
    expect(continueOf(calls[2])).toBe('c2');
    calls[1]?.body.finish(`${item('b')}]}`);
    calls[2]?.body.finish(`${head({ resourceVersion: '5' })}${item('c')}]}`);
    expect((await listed).items.map((i) => i.metadata?.name)).toEqual(['a', 'b', 'c']);
  });

  it('goes by the page parsed whole: a head naming another token is given up and the right page asked for', async () => {
    const { calls, listed } = await listHeld(1);
    // A body with the metadata twice: JSON.parse keeps the last.
    calls[0]?.body.push(
      '{"kind":"PodList","metadata":{"resourceVersion":"5","continue":"early"},"metadata":{"resourceVersion":"5","continue":"right"},"items":[',
    );
    await until(() => calls.length === 2);
    calls[0]?.body.finish(`${item('a')}]}`);
    await until(() => calls.length === 3);
    expect(calls.map(continueOf)).toEqual([undefined, 'early', 'right']);
    expect(calls[1]?.request.signal?.aborted).toBe(true);
    calls[2]?.body.finish(`${head({ resourceVersion: '5' })}${item('b')}]}`);
    expect((await listed).items.map((i) => i.metadata?.name)).toEqual(['a', 'b']);
  });

  it('aborts the page asked for ahead when the current page fails', async () => {
    const { calls, listed } = await listHeld(1);
    calls[0]?.body.push(head({ resourceVersion: '5', continue: 'c1' }));
    await until(() => calls.length === 2);
    calls[0]?.body.finish('{"cut short');
    await expect(listed).rejects.toBeInstanceOf(DecodeError);
    expect(calls[1]?.request.signal?.aborted).toBe(true);
  });

  it('aborts both the current page and the one ahead when unsubscribed', async () => {
    const { transport, calls } = heldTransport();
    const subscription = list$({ transport }, pods, { pageSize: 1 }).subscribe();
    await until(() => calls.length === 1);
    calls[0]?.body.push(head({ resourceVersion: '5', continue: 'c1' }));
    await until(() => calls.length === 2);
    subscription.unsubscribe();
    expect(calls.map((c) => c.request.signal?.aborted)).toEqual([true, true]);
  });

  it('asks nothing ahead of a page whose head has no token (the last page)', async () => {
    const { calls, listed } = await listHeld(1);
    calls[0]?.body.push(head({ resourceVersion: '5' }));
    calls[0]?.body.finish(`${item('a')}]}`);
    expect((await listed).items).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });
});
