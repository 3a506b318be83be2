import { type KubeClient, type KubeObject, watch$ } from '@rxkube/core';
import { createClient } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import { lastValueFrom, take, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../src/wait-until.js';
import { watchEndingTransport } from '../src/watch-ending-transport.js';

const ref = { version: 'v1', resource: 'configmaps', namespace: 'ns' } as const;
const cm = (name: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'ns' },
});

describe('watchEndingTransport records who ended each watch', () => {
  let server: FakeApiServer;
  let client: KubeClient;

  beforeEach(async () => {
    server = await FakeApiServer.start();
    client = createClient({ baseUrl: server.url });
    server.create(ref, cm('a'));
  });
  afterEach(async () => {
    await server.close();
  });

  it('the server, when it ends the watch at timeoutSeconds', async () => {
    const transport = watchEndingTransport(client.transport);
    await lastValueFrom(watch$({ transport }, ref, { timeoutSeconds: 1 }).pipe(toArray()));
    expect(transport.watches).toEqual([
      {
        query: expect.objectContaining({ watch: 'true', timeoutSeconds: '1' }),
        status: 200,
        endedBy: 'server',
      },
    ]);
    expect(server.requests.at(-1)?.endedBy).toBe('server');
  });

  it('the client, when it unsubscribes first', async () => {
    const transport = watchEndingTransport(client.transport);
    const events = await lastValueFrom(watch$({ transport }, ref).pipe(take(1), toArray()));
    expect(events).toHaveLength(1);
    await waitUntil(() => transport.watches[0]?.endedBy !== 'open', { what: 'the watch to end' });
    expect(transport.watches.map((w) => w.endedBy)).toEqual(['client']);
    await server.waitFor(() => server.requests.at(-1)?.endedBy !== undefined);
    expect(server.requests.at(-1)?.endedBy).toBe('client');
  });

  it('an error, when the connection is cut', async () => {
    const transport = watchEndingTransport(client.transport);
    const done = lastValueFrom(watch$({ transport }, ref).pipe(toArray())).catch((e: unknown) => e);
    await server.waitFor(() => server.openWatches === 1);
    server.faults.destroyWatches();
    await done;
    expect(transport.watches.map((w) => w.endedBy)).toEqual(['error']);
  });

  it('leaves other requests alone', async () => {
    const transport = watchEndingTransport(client.transport);
    const response = await transport.request({ path: '/api/v1/namespaces/ns/configmaps' });
    await response.dispose();
    expect(transport.watches).toEqual([]);
  });
});
