import { cachedCollection$, type KubeClient, type KubeObject, list$, watch$ } from '@rxkube/core';
import { TransportError } from '@rxkube/core/errors';
import { createClient } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countingTransport } from '../src/counting-transport.js';
import { gatedTransport } from '../src/gated-transport.js';
import { interruptibleTransport } from '../src/interruptible-transport.js';
import { objectWriter } from '../src/object-writer.js';
import { rawExchange } from '../src/raw-exchange.js';
import { recordEmissions } from '../src/record-emissions.js';
import { waitUntil } from '../src/wait-until.js';

const ref = { version: 'v1', resource: 'configmaps', namespace: 'ns' } as const;
const cm = (name: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'ns' },
});

describe('test transports on FakeApiServer', () => {
  let server: FakeApiServer;
  let client: KubeClient;

  beforeEach(async () => {
    server = await FakeApiServer.start();
    client = createClient({ baseUrl: server.url });
    for (let i = 0; i < 5; i++) server.create(ref, cm(`cm-${i}`));
  });
  afterEach(async () => {
    await server.close();
  });

  it('countingTransport records each request with its kind, query and status', async () => {
    const transport = countingTransport(client.transport);
    await firstValueFrom(list$({ transport }, ref, { pageSize: 2 }));
    expect(transport.count('list')).toBe(3);
    expect(transport.count('watch')).toBe(0);
    expect(transport.requests.map((r) => [r.kind, r.method, r.query.limit, r.status])).toEqual([
      ['list', 'GET', '2', 200],
      ['list', 'GET', '2', 200],
      ['list', 'GET', '2', 200],
    ]);
    expect(transport.count('list', (r) => r.query.continue !== undefined)).toBe(2);
  });

  it('interruptibleTransport drops an open watch as a TransportError, and the collection resumes without a LIST', async () => {
    const interruptible = interruptibleTransport(client.transport);
    const transport = countingTransport(interruptible);
    const record = recordEmissions(
      cachedCollection$({ transport }, ref, { backoff: { initialMs: 10, maxMs: 20 } }),
    );
    try {
      await record.waitFor((s) => s.items.size === 5);
      await waitUntil(() => transport.count('watch', (r) => r.status === 200) === 1, {
        what: 'the watch to be accepted',
      });
      expect(interruptible.openWatches).toBe(1);
      expect(interruptible.dropWatches()).toBe(1);
      server.create(ref, cm('after'));
      const resumed = await record.waitFor((s) => s.items.has('ns/after'));
      expect(resumed.stats).toMatchObject({ lists: 1, reconnects: 1, relists: 0 });
      const reconnecting = record.values.find((s) => s.health.status === 'reconnecting');
      expect(
        reconnecting?.health.status === 'reconnecting' && reconnecting.health.error,
      ).toBeInstanceOf(TransportError);
      expect(transport.count('list')).toBe(1);
      expect(transport.count('watch')).toBe(2);
    } finally {
      record.stop();
    }
  });

  it('interruptibleTransport leaves a watch alone until dropped, and forgets one the caller ended', async () => {
    const interruptible = interruptibleTransport(client.transport);
    const events = await lastValueFrom(
      watch$({ transport: interruptible }, ref, { resourceVersion: '0', timeoutSeconds: 1 }).pipe(
        toArray(),
      ),
    );
    expect(events.filter((e) => e.type === 'ADDED')).toHaveLength(5);
    expect(interruptible.openWatches).toBe(0);
    expect(interruptible.dropWatches()).toBe(0);
  });

  it('gatedTransport holds the picked request until released, and lets later ones through', async () => {
    const gated = gatedTransport(client.transport, {
      hold: (request) => request.query?.continue !== undefined,
    });
    const transport = countingTransport(gated);
    const listed = firstValueFrom(list$({ transport }, ref, { pageSize: 2 }));
    const held = await gated.held();
    expect(held.query?.continue).toEqual(expect.any(String));
    expect(transport.requests.map((r) => r.status)).toEqual([200, undefined]);
    server.create(ref, cm('while-held'));
    gated.release();
    // The rest of the list is read at page 1's version: the object written meanwhile is not in it.
    expect((await listed).items).toHaveLength(5);
    expect(transport.requests.map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('objectWriter writes JSON and turns a stale update into a ConflictError', async () => {
    const writer = objectWriter(client);
    const created = await writer.create(ref, cm('w'));
    expect(created.metadata?.uid).toEqual(expect.any(String));
    await writer.replace(ref, { ...created, data: { v: '1' } });
    await expect(writer.replace(ref, { ...created, data: { v: '2' } })).rejects.toMatchObject({
      reason: 'Conflict',
      code: 409,
    });
    expect(await writer.get(ref, 'w')).toMatchObject({ data: { v: '1' } });
    await writer.remove(ref, 'w');
    await expect(writer.get(ref, 'w')).rejects.toMatchObject({ code: 404 });
  });

  it('rawExchange reads a JSON answer, and a watch line by line with arrival times until it ends', async () => {
    const missing = await rawExchange(client.transport, {
      path: '/api/v1/namespaces/ns/configmaps/none',
    });
    expect(missing).toMatchObject({
      status: 404,
      headers: { 'content-type': 'application/json', 'retry-after': undefined },
      body: { kind: 'Status', reason: 'NotFound' },
      lines: [],
      ending: 'clean',
    });
    let headersSeen = false;
    const watch = await rawExchange(
      client.transport,
      {
        path: '/api/v1/namespaces/ns/configmaps',
        query: { watch: true, resourceVersion: '0', timeoutSeconds: 1 },
      },
      { onHeaders: () => (headersSeen = true) },
    );
    expect(headersSeen).toBe(true);
    expect(watch.status).toBe(200);
    expect(watch.body).toBeUndefined();
    expect(watch.lines.map((l) => (l.value as { type: string }).type)).toEqual(
      Array(5).fill('ADDED'),
    );
    expect(watch.lines.every((l) => l.atMs >= 0 && l.atMs <= watch.endedAfterMs)).toBe(true);
    expect(watch.endedAfterMs).toBeGreaterThanOrEqual(900);
  });

  it('recordEmissions rejects a wait when the stream errors', async () => {
    await server.close();
    const record = recordEmissions(list$(client, ref));
    await expect(record.waitFor(() => true, { timeoutMs: 5_000 })).rejects.toBeInstanceOf(
      TransportError,
    );
  });
});
