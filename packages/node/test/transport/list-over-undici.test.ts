import { type DecodeError, HttpStatusError, type KubeClient, list$ } from '@rxkube/core';
import { ResourceVersionExpiredError } from '@rxkube/core/errors';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  json,
  pod,
  type ScriptServer,
  startScriptServer,
  until,
} from '../../../core/test/support/script-server.js';
import { type UndiciTransport, undiciTransport } from '../../src/index.js';

const pods = { version: 'v1', resource: 'pods', namespace: 'default' } as const;
const page = (names: string[], rv: string, extra: Record<string, unknown> = {}) => ({
  kind: 'PodList',
  metadata: { resourceVersion: rv, ...extra },
  items: names.map((name) => pod(name, rv)),
});
const expired = {
  kind: 'Status',
  metadata: {},
  status: 'Failure',
  reason: 'Expired',
  code: 410,
  message: 'continue too old',
};

describe('list$ over undiciTransport', () => {
  let server: ScriptServer;
  let transport: UndiciTransport;
  let client: KubeClient;
  beforeEach(async () => {
    server = await startScriptServer();
    transport = undiciTransport({ baseUrl: server.url });
    client = { transport };
  });
  afterEach(async () => {
    await transport.destroy();
    await server.close();
  });

  it('follows continue tokens and emits one complete list', async () => {
    server.script(
      json(200, page(['a', 'b'], '10', { continue: 'c1', remainingItemCount: 1 })),
      json(200, page(['c'], '10')),
    );
    const result = await firstValueFrom(
      list$(client, pods, { pageSize: 2, labelSelector: 'app=web' }),
    );
    expect(result.items.map((i) => i.metadata?.name)).toEqual(['a', 'b', 'c']);
    expect(result.resourceVersion).toBe('10');
    expect(server.requests.map((r) => r.query)).toEqual([
      { limit: '2', labelSelector: 'app=web' },
      { limit: '2', continue: 'c1', labelSelector: 'app=web' },
    ]);
  });

  it('restarts once without the token when it expires', async () => {
    server.script(
      json(200, page(['a'], '5', { continue: 'c1' })),
      json(410, expired),
      json(200, page(['a', 'b'], '8')),
    );
    const result = await firstValueFrom(list$(client, pods, { pageSize: 1 }));
    expect(result.items).toHaveLength(2);
    expect(server.requests.map((r) => r.query)).toEqual([
      { limit: '1' },
      { limit: '1', continue: 'c1' },
      {},
    ]);
  });

  it('errors with ResourceVersionExpiredError for a list at a version that is too old', async () => {
    server.script(json(410, expired));
    expect(
      await firstValueFrom(
        list$(client, pods, { resourceVersion: '1', resourceVersionMatch: 'Exact' }),
      ).catch((e) => e),
    ).toBeInstanceOf(ResourceVersionExpiredError);
  });

  it("errors with DecodeError 'shape' for a list without metadata.resourceVersion", async () => {
    server.script(json(200, { metadata: {}, items: [] }));
    expect(((await firstValueFrom(list$(client, pods)).catch((e) => e)) as DecodeError).kind).toBe(
      'shape',
    );
  });

  it('errors with a retryable HttpStatusError on 503', async () => {
    server.script(
      json(
        503,
        { kind: 'Status', code: 503, reason: 'ServiceUnavailable' },
        { 'retry-after': '2' },
      ),
    );
    const error = (await firstValueFrom(list$(client, pods)).catch((e) => e)) as HttpStatusError;
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBe(2000);
  });

  it('aborts the request in flight when unsubscribed', async () => {
    server.script((_req, res) => {
      res.writeHead(200);
      res.write('{"metadata":{"resourceVersion":"1"},"items":[');
    });
    const subscription = list$(client, pods).subscribe();
    await until(() => server.openSockets() === 1);
    subscription.unsubscribe();
    await until(() => server.openSockets() === 0);
  });
});
