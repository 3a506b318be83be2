import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/in-process.js';
import { rawHttp } from '../support/raw-http.js';
import { type RecordingUpstream, startRecordingUpstream } from '../support/recording-upstream.js';
import { type RunningProxy, startRxkubeProxy } from '../support/rxkube-proxy.js';

let upstream: RecordingUpstream | undefined;
let proxy: RunningProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await upstream?.close();
  upstream = undefined;
});

async function start(args: string[] = []) {
  upstream = await startRecordingUpstream({ html: '<script>document.title = "ran"</script>' });
  proxy = await startRxkubeProxy(upstream.url, args);
  return { upstream, proxy };
}

describe('what rxkube proxy answers a page', () => {
  it('sends Content-Security-Policy: sandbox and nosniff with every answer below the API prefix', async () => {
    const { proxy } = await start();
    const answers = {
      'an in-cluster page': await rawHttp(
        proxy.port,
        'GET',
        '/api/v1/namespaces/ns/services/web/proxy/',
      ),
      'a list': await rawHttp(proxy.port, 'GET', '/api/v1/namespaces/ns/pods'),
      'a refusal of its own': await rawHttp(
        proxy.port,
        'POST',
        '/api/v1/namespaces/ns/pods/p/exec',
      ),
      'a path it cannot read': await rawHttp(proxy.port, 'GET', '/../x'),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect([name, answer.headers['content-security-policy']]).toEqual([name, 'sandbox']);
      expect([name, answer.headers['x-content-type-options']]).toEqual([name, 'nosniff']);
    }
    expect(answers['an in-cluster page'].body).toContain('<script>');
  });

  it("refuses what another site's page sends without a listed Origin (Sec-Fetch-Site)", async () => {
    const { upstream, proxy } = await start(['--allow-origin=http://app.test:4200']);
    const get = (headers: Record<string, string>) =>
      rawHttp(proxy.port, 'GET', '/api/v1/namespaces/ns/pods', headers);
    // an <img>, a link or a form of another site: no Origin
    const img = await get({ 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' });
    expect(img.status).toBe(403);
    expect(JSON.parse(img.body)).toMatchObject({
      reason: 'Forbidden',
      message:
        "the proxy does not serve requests of other sites' pages (Sec-Fetch-Site: cross-site) unless their origin is listed with --allow-origin",
    });
    // another port of localhost is the same site, and as foreign
    expect((await get({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await get({ 'sec-fetch-site': 'cross-site', origin: 'http://evil.test' })).status).toBe(
      403,
    );
    expect(upstream.seen).toEqual([]);
    // a listed origin's fetch, the proxy's own pages, the address typed in, and non-browsers
    expect(
      (await get({ 'sec-fetch-site': 'same-site', origin: 'http://app.test:4200' })).status,
    ).toBe(200);
    expect((await get({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await get({ 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await get({})).status).toBe(200);
    expect(upstream.seen).toHaveLength(4);
  });

  it('serves --www files only to the accepted hosts, with nosniff', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rxkube-www-'));
    await writeFile(join(dir, 'index.html'), '<p>dashboard</p>');
    const { proxy } = await start([`--www=${dir}`]);
    const at = (host: string) => rawHttp(proxy.port, 'GET', '/static/', { host });
    const rebound = await at(`evil.test:${proxy.port}`);
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('dashboard');
    const own = await at(`localhost:${proxy.port}`);
    expect(own.status).toBe(200);
    expect(own.body).toBe('<p>dashboard</p>');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toBeUndefined();
  });
});

describe('rxkube proxy on an address other machines reach', () => {
  it('refuses to start without --accept-hosts', async () => {
    const { code, stdout, stderr } = await runInProcess([
      'proxy',
      '--server=http://127.0.0.1:1',
      '--port=0',
      '--address=0.0.0.0',
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      'error: --address=0.0.0.0 serves other machines with your credentials: name the hosts they use with --accept-hosts',
    );
  });

  it('warns on stderr before it serves, as loudly as kubectl proxy without its filter', async () => {
    upstream = await startRecordingUpstream();
    proxy = await startRxkubeProxy(upstream.url, [
      '--address=0.0.0.0',
      '--accept-hosts=^127\\.0\\.0\\.1$',
    ]);
    expect(proxy.run.stderr).toBe(
      "warning: serving on 0.0.0.0, reachable from other machines: anyone who can reach it can use the cluster with your credentials (the Host check of --accept-hosts only stops browsers' DNS rebinding). Serve on 127.0.0.1 unless you mean it.\n",
    );
    expect(proxy.run.stdout).toMatch(/^Starting to serve on 0\.0\.0\.0:\d+\n$/);
    expect((await fetch(`${proxy.url}/api/v1/namespaces/ns/pods`)).status).toBe(200);
  });
});
