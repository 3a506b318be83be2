import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CachedCollectionOptions,
  collectionUpdates$,
  create$,
  HttpStatusError,
  type KubeClient,
} from '@rxkube/core';
import { createProxyClient } from '@rxkube/core/proxy';
import { FakeApiServer } from '@rxkube/testing';
import { lastValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordingWebSocket } from '../support/mux-sockets.js';
import { type RunningProxy, startRxkubeProxy } from '../support/rxkube-proxy.js';
import { UpdateRecorder } from '../support/update-recorder.js';

const pods = { version: 'v1', resource: 'pods' } as const;
const backoff = { initialMs: 5, maxMs: 40 };
const fast: CachedCollectionOptions = { backoff, idleTimeoutMs: 2_000 };
const OPEN = 1;
const CLOSED = 3;
let server: FakeApiServer | undefined;
let proxy: RunningProxy | undefined;
let recorders: UpdateRecorder[] = [];

beforeEach(() => RecordingWebSocket.reset());
afterEach(async () => {
  for (const recorder of recorders) recorder.stop();
  recorders = [];
  for (const socket of RecordingWebSocket.opened) {
    if (socket.readyState === OPEN) socket.terminate();
  }
  await proxy?.close();
  proxy = undefined;
  await server?.close();
  server = undefined;
});

function collect(client: KubeClient, namespace = 'ns', options = fast): UpdateRecorder {
  const recorder = new UpdateRecorder(collectionUpdates$(client, { ...pods, namespace }, options));
  recorders.push(recorder);
  return recorder;
}

const holds = (r: UpdateRecorder, key: string) => r.holds(key);
const pod = (name: string, namespace = 'ns') => ({ metadata: { name, namespace } });
const watchesOf = (s: FakeApiServer) => s.requests.filter((r) => r.kind === 'watch');
const listsOf = (s: FakeApiServer) => s.requests.filter((r) => r.kind === 'list');

describe('createProxyClient over rxkube proxy', () => {
  it('keeps a collection live over one WebSocket', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    proxy = await startRxkubeProxy(server.url);
    const client = createProxyClient({ baseUrl: proxy.url, WebSocket: RecordingWebSocket });
    const r = collect(client);
    await r.until(() => holds(r, 'ns/a'));
    await server.waitFor(() => server?.openWatches === 1);
    server.create(pods, pod('b'));
    await r.until(() => holds(r, 'ns/b'));
    expect(RecordingWebSocket.opened).toHaveLength(1);
    expect(listsOf(server)).toHaveLength(1);
    expect(watchesOf(server)).toHaveLength(1);
  });

  it('carries 40 concurrent watches over one socket', async () => {
    server = await FakeApiServer.start();
    proxy = await startRxkubeProxy(server.url);
    const client = createProxyClient({
      baseUrl: proxy.url,
      mux: 'always',
      WebSocket: RecordingWebSocket,
    });
    const namespaces = Array.from({ length: 40 }, (_, i) => `ns-${i}`);
    // the default idle timeout: watches last minutes, so all 40 stay open through the test
    const all = namespaces.map((ns) => collect(client, ns, { backoff }));
    await Promise.all(all.map((r) => r.until(() => r.synced.length > 0)));
    await server.waitFor(() => server?.openWatches === 40);
    for (const ns of namespaces) server.create(pods, pod('p', ns));
    await Promise.all(all.map((r, i) => r.until(() => holds(r, `${namespaces[i]}/p`))));
    expect(RecordingWebSocket.opened).toHaveLength(1);
    expect(RecordingWebSocket.opened[0]?.readyState).toBe(OPEN);
    expect(listsOf(server)).toHaveLength(40);
    expect(watchesOf(server)).toHaveLength(40);
    expect(server.openWatches).toBe(40);
    expect(all.map((r) => r.latest.stats.relists)).toEqual(namespaces.map(() => 0));
  });

  it('resumes every watch from its last version without a LIST when the socket drops', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    server.create(pods, pod('a', 'other'));
    proxy = await startRxkubeProxy(server.url);
    const client = createProxyClient({
      baseUrl: proxy.url,
      mux: 'always',
      WebSocket: RecordingWebSocket,
    });
    const r = collect(client);
    const other = collect(client, 'other');
    await server.waitFor(() => server?.openWatches === 2);
    server.create(pods, pod('b'));
    await r.until(() => holds(r, 'ns/b'));
    const last = r.latest.resourceVersion;
    RecordingWebSocket.opened[0]?.terminate();
    // the proxy releases the upstream watches of the dropped socket
    await server.waitFor(
      () => watchesOf(server!).filter((w) => w.endedBy === 'client').length === 2,
    );
    server.create(pods, pod('c'));
    server.create(pods, pod('c', 'other'));
    await r.until(() => holds(r, 'ns/c'));
    await other.until(() => holds(other, 'other/c'));
    expect(RecordingWebSocket.opened).toHaveLength(2);
    expect(listsOf(server)).toHaveLength(2);
    const resumed = watchesOf(server).filter((w) => w.path === '/api/v1/namespaces/ns/pods');
    expect(resumed.map((w) => w.query.resourceVersion)).toEqual([
      resumed[0]?.query.resourceVersion,
      last,
    ]);
    const added = r.synced.flatMap((u) =>
      u.deltas.filter((d) => d.type === 'added').map((d) => d.key),
    );
    expect(added).toEqual(['ns/a', 'ns/b', 'ns/c']);
    expect(r.latest.stats.reconnects).toBe(1);
    expect(r.latest.stats.relists).toBe(0);
  });

  it('fails a write too large for the proxy alone, with the 413 it gets over HTTP; the watch on the socket goes on', async () => {
    server = await FakeApiServer.start();
    proxy = await startRxkubeProxy(server.url);
    const client = createProxyClient({
      baseUrl: proxy.url,
      mux: 'always',
      WebSocket: RecordingWebSocket,
    });
    const overHttp = createProxyClient({ baseUrl: proxy.url, mux: 'never' });
    // the default idle timeout: writing megabytes can take seconds, and the watch stays quiet
    const r = collect(client, 'ns', { backoff });
    await server.waitFor(() => server?.openWatches === 1);
    const configMap = (bytes: number) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `big-${bytes}`, namespace: 'ns' },
      data: { blob: 'x'.repeat(bytes) },
    });
    const configMaps = { version: 'v1', resource: 'configmaps', namespace: 'ns' } as const;
    // 4 MiB: over the API server's 3 MiB, within a frame (the proxy answers 413); 9 MiB: over a
    // frame (the client does not send it). Over HTTP, the proxy answers both with 413.
    for (const bytes of [4 << 20, 9 << 20]) {
      for (const kube of [client, overHttp]) {
        const failure = await lastValueFrom(create$(kube, configMaps, configMap(bytes))).catch(
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(HttpStatusError);
        expect(failure).toMatchObject({
          code: 413,
          status: { reason: 'RequestEntityTooLarge' },
        });
      }
    }
    server.create(pods, pod('after'));
    await r.until(() => holds(r, 'ns/after'));
    expect(RecordingWebSocket.opened).toHaveLength(1);
    expect(RecordingWebSocket.opened[0]?.readyState).toBe(OPEN);
    expect(r.latest.stats.reconnects).toBe(0);
    expect(server.requests.filter((q) => q.path.includes('configmaps'))).toEqual([]);
  });

  it('closes the socket when idle and opens a new one for the next request', async () => {
    server = await FakeApiServer.start();
    proxy = await startRxkubeProxy(server.url);
    const client = createProxyClient({
      baseUrl: proxy.url,
      mux: 'always',
      WebSocket: RecordingWebSocket,
      idleCloseMs: 50,
    });
    const first = await client.transport.request({ path: '/api/v1/namespaces/ns/pods' });
    expect(first.status).toBe(200);
    await first.text();
    await server.waitFor(() => RecordingWebSocket.opened[0]?.readyState === CLOSED);
    const second = await client.transport.request({ path: '/api/v1/namespaces/ns/pods' });
    expect(await second.text()).toContain('PodList');
    expect(RecordingWebSocket.opened).toHaveLength(2);
  });

  it('falls back to fetch, once and for good, behind a proxy without the endpoint', async () => {
    // The fake API server stands for kubectl proxy: it has no WebSocket endpoint at all.
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    const client = createProxyClient({ baseUrl: server.url, WebSocket: RecordingWebSocket });
    const r = collect(client);
    await r.until(() => holds(r, 'ns/a'));
    const again = collect(client, 'other');
    await again.until(() => again.synced.length > 0);
    await server.waitFor(() => server?.openWatches === 2);
    server.create(pods, pod('b'));
    await r.until(() => holds(r, 'ns/b'));
    expect(RecordingWebSocket.opened).toHaveLength(1);
    // one refused upgrade and one plain GET, both answered 404; none after the choice
    const probes = server.requests.filter((q) => q.path === '/rxkube/mux/v1');
    expect(probes.map((q) => q.status)).toEqual([404, 404]);
    expect(listsOf(server)).toHaveLength(2);
  });

  it('falls back to fetch, once and for good, behind a server that never answers the endpoint', async () => {
    // Accepts every connection; answers the API, never the endpoint (neither upgrade nor GET).
    const hits: string[] = [];
    const held: { destroy(): void }[] = [];
    const silent: Server = createServer((request, response) => {
      hits.push(`${request.method} ${request.url}`);
      if (request.url?.startsWith('/rxkube/mux/v1')) {
        held.push(request.socket);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"kind":"PodList","apiVersion":"v1","metadata":{},"items":[]}');
    });
    silent.on('upgrade', (request, socket) => {
      hits.push(`UPGRADE ${request.url}`);
      held.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const client = createProxyClient({
        baseUrl: `http://127.0.0.1:${port}`,
        WebSocket: RecordingWebSocket,
        openTimeoutMs: 100,
        probeTimeoutMs: 100,
      });
      for (let i = 0; i < 3; i++) {
        const response = await client.transport.request({ path: '/api/v1/namespaces/ns/pods' });
        expect(await response.text()).toContain('PodList');
      }
      // one unanswered upgrade and one unanswered GET; then plain requests only
      expect(hits).toEqual([
        'UPGRADE /rxkube/mux/v1',
        'GET /rxkube/mux/v1',
        'GET /api/v1/namespaces/ns/pods',
        'GET /api/v1/namespaces/ns/pods',
        'GET /api/v1/namespaces/ns/pods',
      ]);
      expect(RecordingWebSocket.opened).toHaveLength(1);
    } finally {
      for (const socket of held) socket.destroy();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('fails with a retryable TransportError, and does not fall back, while the proxy is unreachable', async () => {
    server = await FakeApiServer.start();
    proxy = await startRxkubeProxy(server.url);
    const url = proxy.url;
    await proxy.close();
    proxy = undefined;
    const client = createProxyClient({ baseUrl: url, WebSocket: RecordingWebSocket });
    const failure = await client.transport
      .request({ path: '/api/v1/pods' })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ reason: 'Transport', retryable: true });
    proxy = await startRxkubeProxy(server.url, [`--port=${new URL(url).port}`]);
    const response = await client.transport.request({ path: '/api/v1/namespaces/ns/pods' });
    expect(response.status).toBe(200);
    await response.dispose();
    expect(RecordingWebSocket.opened).toHaveLength(2);
  });
});
