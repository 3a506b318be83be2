import { FakeApiServer } from '@rxkube/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningProxy, startRxkubeProxy } from '../support/rxkube-proxy.js';

const pods = { version: 'v1', resource: 'pods' } as const;
let server: FakeApiServer | undefined;
let proxy: RunningProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await server?.close();
  server = undefined;
});

async function start(options: Parameters<typeof FakeApiServer.start>[0] = {}, args: string[] = []) {
  server = await FakeApiServer.start(options);
  proxy = await startRxkubeProxy(server.url, args);
  return { server, proxy };
}

describe('rxkube proxy over HTTP', () => {
  it('prints where it serves as kubectl does, and forwards a list with the kubeconfig token', async () => {
    const { server, proxy } = await start({ tokens: [{ token: 'secret-token', user: 'alice' }] }, [
      '--token=secret-token',
    ]);
    server.create(pods, { metadata: { name: 'a', namespace: 'ns' } });
    expect(proxy.run.stdout).toBe(`Starting to serve on 127.0.0.1:${proxy.port}\n`);
    const response = await fetch(`${proxy.url}/api/v1/namespaces/ns/pods`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as { items: { metadata: { name: string } }[] };
    expect(list.items.map((item) => item.metadata.name)).toEqual(['a']);
    const seen = server.requests.filter((r) => r.kind === 'list');
    expect(seen.map((r) => [r.path, r.user])).toEqual([['/api/v1/namespaces/ns/pods', 'alice']]);
    expect(proxy.run.stdout + proxy.run.stderr).not.toContain('secret-token');
  });

  it("replaces the page's credentials with the kubeconfig's: Authorization never passes", async () => {
    const tokens = [
      { token: 'proxy-token', user: 'alice' },
      { token: 'page-token', user: 'bob' },
    ];
    const { server, proxy } = await start({ tokens }, ['--token=proxy-token']);
    const response = await fetch(`${proxy.url}/api/v1/namespaces/ns/pods`, {
      headers: { authorization: 'Bearer page-token', cookie: 'session=x' },
    });
    expect(response.status).toBe(200);
    expect(server.requests.filter((r) => r.kind === 'list').map((r) => r.user)).toEqual(['alice']);
  });

  it('answers 502 with a Status when the API server cannot be reached', async () => {
    const { server, proxy } = await start();
    await server.close();
    const response = await fetch(`${proxy.url}/api/v1/namespaces/ns/pods`);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ kind: 'Status', code: 502 });
  });

  it('streams a watch event by event, without buffering', async () => {
    const { server, proxy } = await start();
    const response = await fetch(`${proxy.url}/api/v1/namespaces/ns/pods?watch=true`);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    server.create(pods, { metadata: { name: 'first', namespace: 'ns' } });
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(JSON.parse(first)).toMatchObject({
      type: 'ADDED',
      object: { metadata: { name: 'first' } },
    });
    await reader.cancel();
    await server.waitFor(() => server.openWatches === 0);
    expect(server.requests.filter((r) => r.kind === 'watch').map((r) => r.endedBy)).toEqual([
      'client',
    ]);
  });

  it('serves the API below --api-prefix and static files below --www-prefix', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'rxkube-www-'));
    await writeFile(join(dir, 'index.html'), '<p>dashboard</p>');
    const { proxy } = await start({}, ['--api-prefix=/k8s/', `--www=${dir}`]);
    const base = `http://127.0.0.1:${proxy.port}`;
    expect(proxy.url).toBe(`${base}/k8s`);
    expect((await fetch(`${base}/k8s/api/v1/namespaces/ns/pods`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/namespaces/ns/pods`)).status).toBe(404);
    const page = await fetch(`${base}/static/`);
    expect(await page.text()).toBe('<p>dashboard</p>');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // decoded once, the path climbs above the root: refused before any file is looked at
    expect((await fetch(`${base}/static/..%2f..%2fetc%2fpasswd`)).status).toBe(400);
  });

  it('refuses exec and attach, and hosts other than the loopback names (as kubectl proxy)', async () => {
    const { server, proxy } = await start();
    const exec = await fetch(`${proxy.url}/api/v1/namespaces/ns/pods/a/exec?command=ls`, {
      method: 'POST',
    });
    expect(exec.status).toBe(403);
    const { request } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(
        `${proxy.url}/api/v1/namespaces/ns/pods`,
        { headers: { host: 'evil.example:8001' } },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
    expect(server.requests.filter((r) => r.path.includes('/pods'))).toEqual([]);
  });

  it('sends CORS headers only to listed origins, and refuses other origins', async () => {
    const { server, proxy } = await start({}, ['--allow-origin=http://app.test']);
    const listed = await fetch(`${proxy.url}/api/v1/namespaces/ns/pods`, {
      headers: { origin: 'http://app.test' },
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe('http://app.test');
    const preflight = await fetch(`${proxy.url}/api/v1/namespaces/ns/pods`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');
    const other = await fetch(`${proxy.url}/api/v1/namespaces/ns/pods`, {
      method: 'DELETE',
      headers: { origin: 'http://evil.test' },
    });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const none = await fetch(`${proxy.url}/api/v1/namespaces/ns/pods`);
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
    expect(server.requests.filter((r) => r.kind === 'list')).toHaveLength(2);
  });
});
