import { afterEach, describe, expect, it } from 'vitest';
import { openRawMux, type RawMuxSocket } from '../support/mux-sockets.js';
import { rawHttp } from '../support/raw-http.js';
import { type RecordingUpstream, startRecordingUpstream } from '../support/recording-upstream.js';
import { type RunningProxy, startRxkubeProxy } from '../support/rxkube-proxy.js';

let upstream: RecordingUpstream | undefined;
let proxy: RunningProxy | undefined;
let raw: RawMuxSocket | undefined;

afterEach(async () => {
  raw?.socket.terminate();
  raw = undefined;
  await proxy?.close();
  proxy = undefined;
  await upstream?.close();
  upstream = undefined;
});

/** A proxy in front of an API server whose URL has a path prefix (as behind some gateways). */
async function start(args: string[] = []) {
  upstream = await startRecordingUpstream({ prefix: '/prefix' });
  proxy = await startRxkubeProxy(upstream.url, args);
  return { upstream, proxy };
}

/** Sends request `id` on the socket and resolves with its status (`head`) once it ended. */
async function muxStatus(socket: RawMuxSocket, id: number, frame: object): Promise<number> {
  socket.send({ t: 'req', id, method: 'GET', ...frame });
  await socket.until((frames) =>
    frames.some((f) => (f.t === 'end' || f.t === 'error') && f.id === id),
  );
  const head = socket.frames.find((f) => f.t === 'head' && f.id === id);
  return head?.t === 'head' ? head.status : 0;
}

describe('rxkube proxy decides on the path the API server reads, and forwards that path', () => {
  it('refuses exec and attach however the path spells them, over HTTP', async () => {
    const { upstream, proxy } = await start();
    const spellings = [
      '/api/v1/namespaces/x/pods/p/%65xec',
      '/api/v1/namespaces/x/pods/p%2Fexec',
      '/api/v1/namespaces/x/pods/p%2fattach',
      '/api/v1/namespaces/x/pods/p/%2e%2e/p/exec',
      '/apis/%2E%2E/api/v1/namespaces/x/pods/p/exec',
      '//api/v1/namespaces/x/pods/p/exec',
    ];
    for (const target of spellings) {
      const answer = await rawHttp(proxy.port, 'POST', `${target}?command=sh`);
      expect([target, answer.status]).toEqual([target, 403]);
      expect(JSON.parse(answer.body)).toMatchObject({ kind: 'Status', reason: 'Forbidden' });
    }
    expect(upstream.seen).toEqual([]);
  });

  it('refuses a path that cannot be read one way only (400), over HTTP', async () => {
    const { upstream, proxy } = await start();
    for (const target of [
      '/../../x',
      '/api/v1/namespaces/x/pods/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/x',
      '/api/v1/namespaces/x/pods/p\\exec',
      '/api/v1/namespaces/x/pods/p%5Cexec',
      '/api/v1/namespaces/x/pods/%zz',
      '/api/v1/namespaces/x/pods/%ff',
      '/api/v1/namespaces/x/pods/p%0aexec',
    ]) {
      const answer = await rawHttp(proxy.port, 'GET', target);
      expect([target, answer.status]).toEqual([target, 400]);
      expect(JSON.parse(answer.body)).toMatchObject({ kind: 'Status', reason: 'BadRequest' });
    }
    expect(upstream.seen).toEqual([]);
  });

  it('forwards the normalised path, encoded once, below the server URL of the kubeconfig', async () => {
    const { upstream, proxy } = await start();
    const targets = {
      '/api//v1/namespaces/x/./pods/a?limit=1': '/prefix/api/v1/namespaces/x/pods/a?limit=1',
      '/apis/../api/v1/namespaces/x/pods/a': '/prefix/api/v1/namespaces/x/pods/a',
      '/api/v1/namespaces/x/services/https:web:443/proxy/a%20b/':
        '/prefix/api/v1/namespaces/x/services/https:web:443/proxy/a%20b/',
      '/api/v1/namespaces/x/pods/%61': '/prefix/api/v1/namespaces/x/pods/a',
      '/api/v1/namespaces/x/configmaps/100%25': '/prefix/api/v1/namespaces/x/configmaps/100%25',
    };
    for (const [target, forwarded] of Object.entries(targets)) {
      upstream.seen.length = 0;
      expect((await rawHttp(proxy.port, 'GET', target)).status).toBe(200);
      expect(upstream.seen).toEqual([{ method: 'GET', url: forwarded }]);
    }
  });

  it('refuses exec, a path above the root, and a "?" in a multiplexed path, forwarding the rest normalised', async () => {
    const { upstream, proxy } = await start();
    raw = await openRawMux(proxy.url);
    const refused = [
      ['/apis/../api/v1/namespaces/x/pods/p/exec', 403],
      ['/api/v1/namespaces/x/pods/p/%65xec', 403],
      ['/api/v1/namespaces/x/pods/p%2Fattach', 403],
      ['/api/v1/namespaces/x/pods/p\\exec', 400],
      ['/api/v1/namespaces/x/pods/p/ex\tec', 400],
      ['/api/v1/namespaces/x/pods/p/ex\nec', 400],
      ['/../../x', 400],
      ['/api/v1/pods?watch=true', 400],
      ['/api/v1/pods#x', 400],
    ] as const;
    let id = 0;
    for (const [path, status] of refused) {
      id += 1;
      expect([path, await muxStatus(raw, id, { path, query: { limit: 1 } })]).toEqual([
        path,
        status,
      ]);
    }
    expect(upstream.seen).toEqual([]);
    id += 1;
    const status = await muxStatus(raw, id, {
      path: '/apis/../api/v1/namespaces/x/pods/a b',
      query: { limit: 1 },
    });
    expect(status).toBe(200);
    expect(upstream.seen).toEqual([
      { method: 'GET', url: '/prefix/api/v1/namespaces/x/pods/a%20b?limit=1' },
    ]);
  });
});

describe("rxkube proxy's filter flags, with kubectl proxy's meanings", () => {
  it('--reject-methods refuses those methods, over HTTP and the WebSocket', async () => {
    const { upstream, proxy } = await start(['--reject-methods=POST,DELETE']);
    expect((await rawHttp(proxy.port, 'POST', '/api/v1/namespaces/x/configmaps')).status).toBe(403);
    expect((await rawHttp(proxy.port, 'DELETE', '/api/v1/namespaces/x/configmaps/a')).status).toBe(
      403,
    );
    expect((await rawHttp(proxy.port, 'GET', '/api/v1/namespaces/x/configmaps')).status).toBe(200);
    raw = await openRawMux(proxy.url);
    expect(
      await muxStatus(raw, 1, { method: 'POST', path: '/api/v1/namespaces/x/configmaps' }),
    ).toBe(403);
    expect(await muxStatus(raw, 2, { path: '/api/v1/namespaces/x/configmaps' })).toBe(200);
    expect(upstream.seen.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('--accept-paths serves those paths only; the endpoint itself is not a forwarded path', async () => {
    const { upstream, proxy } = await start(['--accept-paths=^/api/v1/namespaces/dev/,^/version$']);
    expect((await rawHttp(proxy.port, 'GET', '/api/v1/namespaces/prod/pods')).status).toBe(403);
    expect((await rawHttp(proxy.port, 'GET', '/api/v1/namespaces/dev/../prod/pods')).status).toBe(
      403,
    );
    expect((await rawHttp(proxy.port, 'GET', '/api/v1/namespaces/dev/pods')).status).toBe(200);
    expect((await rawHttp(proxy.port, 'GET', '/version')).status).toBe(200);
    raw = await openRawMux(proxy.url);
    expect(await muxStatus(raw, 1, { path: '/api/v1/namespaces/prod/pods' })).toBe(403);
    expect(await muxStatus(raw, 2, { path: '/api/v1/namespaces/dev/pods' })).toBe(200);
    expect(upstream.seen.map((r) => r.url)).toEqual([
      '/prefix/api/v1/namespaces/dev/pods',
      '/prefix/version',
      '/prefix/api/v1/namespaces/dev/pods',
    ]);
  });

  it("--reject-paths replaces the default: '' forwards exec, as kubectl proxy --reject-paths=''", async () => {
    const { upstream, proxy } = await start(['--reject-paths=', '--reject-methods=^DELETE$']);
    expect((await rawHttp(proxy.port, 'POST', '/api/v1/namespaces/x/pods/p/exec')).status).toBe(
      200,
    );
    expect(upstream.seen).toEqual([
      { method: 'POST', url: '/prefix/api/v1/namespaces/x/pods/p/exec' },
    ]);
  });

  it('--accept-hosts replaces the loopback names, for the API and the upgrade', async () => {
    const { proxy } = await start(['--accept-hosts=^proxy\\.test$']);
    const at = (host: string) =>
      rawHttp(proxy.port, 'GET', '/api/v1/namespaces/x/pods', { host: `${host}:${proxy.port}` });
    expect((await at('proxy.test')).status).toBe(200);
    expect((await at('localhost')).status).toBe(403);
    expect((await at('proxy.test.evil')).status).toBe(403);
    await expect(openRawMux(proxy.url)).rejects.toThrow('refused with 403');
  });
});
