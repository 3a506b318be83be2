import { lastValueFrom, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isKubeError } from '../../src/errors/kube-error.js';
import { createFetchClient } from '../../src/fetch/create-fetch-client.js';
import { list$ } from '../../src/list.js';
import { watch$ } from '../../src/watch.js';
import { json, line, pod, type ScriptServer, startScriptServer } from '../support/script-server.js';

const pods = { version: 'v1', resource: 'pods', namespace: 'default' } as const;
let server: ScriptServer;

beforeEach(async () => {
  server = await startScriptServer();
});
afterEach(() => server.close());

describe('watch$ onAccepted', () => {
  it('is told once when the server accepts the watch, before its first event', async () => {
    server.script((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(line('ADDED', pod('a', '2')));
    });
    const order: string[] = [];
    const client = createFetchClient({ baseUrl: server.url });
    await lastValueFrom(
      watch$(client, pods, { onAccepted: () => order.push('accepted') }).pipe(toArray()),
    ).then((events) => order.push(...events.map((e) => e.type)));
    expect(order).toEqual(['accepted', 'ADDED']);
  });

  it('is not told when the server refuses the watch', async () => {
    server.script(json(410, { kind: 'Status', status: 'Failure', reason: 'Expired', code: 410 }));
    let accepted = 0;
    const client = createFetchClient({ baseUrl: server.url });
    const error = await lastValueFrom(
      watch$(client, pods, { resourceVersion: '1', onAccepted: () => accepted++ }),
    ).catch((e: unknown) => e);
    expect(isKubeError(error) && error.reason).toBe('ResourceVersionExpired');
    expect(accepted).toBe(0);
  });
});

describe('list$ page deadline', () => {
  it.each([
    ['listPageTimeoutMs', { listPageTimeoutMs: 150 }],
    ['its former name, pageTimeoutMs', { pageTimeoutMs: 150 }],
  ] as const)(
    'aborts a page that does not complete within %s with a retryable TransportError',
    async (_name, deadline) => {
      server.script((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"kind":"PodList","metadata":{"resourceVersion":"5"},"items":[');
        // …and nothing more
      });
      const client = createFetchClient({ baseUrl: server.url });
      const started = Date.now();
      const error = await lastValueFrom(list$(client, pods, deadline)).catch((e: unknown) => e);
      expect(isKubeError(error) && error.reason).toBe('Transport');
      expect(isKubeError(error) && error.retryable).toBe(true);
      expect(String((error as Error).message)).toMatch(/no complete LIST page .* within 150 ms/);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(server.requests).toHaveLength(1);
    },
  );

  it('rejects a LIST whose resourceVersion is empty with a DecodeError', async () => {
    server.script(json(200, { kind: 'PodList', metadata: { resourceVersion: '' }, items: [] }));
    const client = createFetchClient({ baseUrl: server.url });
    const error = await lastValueFrom(list$(client, pods)).catch((e: unknown) => e);
    expect(isKubeError(error) && error.reason).toBe('Decode');
  });
});
