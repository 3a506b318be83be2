import { describe, expect, it } from 'vitest';
import { PageFetch } from '../../src/internal/page-fetch.js';

/** A page run that reports `token` at its head and settles once its signal aborts. */
const run =
  (token: string | undefined, seen: AbortSignal[]) =>
  (signal: AbortSignal, onToken: (token: string) => void) => {
    seen.push(signal);
    if (token !== undefined) onToken(token);
    return new Promise<string>((resolve) => {
      if (signal.aborted) resolve('aborted');
      signal.addEventListener('abort', () => resolve('aborted'));
    });
  };

describe('PageFetch', () => {
  it('gives the head token to a later whenToken at once, and to an earlier one when it comes', () => {
    const signals: AbortSignal[] = [];
    const early = new PageFetch(new AbortController().signal, run('t1', signals));
    const tokens: string[] = [];
    early.whenToken((token) => tokens.push(token));
    let report: ((token: string) => void) | undefined;
    const late = new PageFetch(new AbortController().signal, (signal, onToken) => {
      report = onToken;
      return run(undefined, signals)(signal, onToken);
    });
    late.whenToken((token) => tokens.push(token));
    expect(tokens).toEqual(['t1']);
    report?.('t2');
    expect(tokens).toEqual(['t1', 't2']);
  });

  it('aborts its run when given up, or when the list it belongs to is aborted, even before', async () => {
    const signals: AbortSignal[] = [];
    const list = new AbortController();
    const givenUp = new PageFetch(list.signal, run(undefined, signals));
    givenUp.abort();
    await expect(givenUp.answer).resolves.toBe('aborted');
    const followed = new PageFetch(list.signal, run(undefined, signals));
    list.abort();
    await expect(followed.answer).resolves.toBe('aborted');
    const late = new PageFetch(list.signal, run(undefined, signals));
    await expect(late.answer).resolves.toBe('aborted');
    expect(signals.map((s) => s.aborted)).toEqual([true, true, true]);
  });
});
