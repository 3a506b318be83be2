import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BundledProxy, startBundledProxy } from '../support/bundled-proxy.js';
import { LAUNCH_TIMEOUT_MS, launchChromium } from '../support/chromium.js';
import { type PageServer, servePage } from '../support/page-server.js';
import { type RecordingUpstream, startRecordingUpstream } from '../support/recording-upstream.js';

/**
 * `rxkube proxy` (the bundled command) seen from headless Chromium: a page of its own, a page
 * served from inside the cluster through it, a page of another site and a page of a listed one.
 * Other sites are names Chromium resolves to 127.0.0.1; the proxy is reached as 127.0.0.1.
 */

/** An in-cluster web page (a service's `/proxy/`) that tries to write with the user's token. */
const IN_CLUSTER_PAGE = `<!doctype html><title>web</title><script>
  document.title = 'ran';
  fetch('/api/v1/namespaces/ns/configmaps', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}',
  });
</script>`;

/**
 * Run in the proxy's own page: opens two sockets, sends 9 MiB on one, then a request on the
 * other; resolves with the first one's close code and the other one's answer.
 */
const FLOOD_SCRIPT = `(async () => {
  const url = 'ws://' + location.host + '/rxkube/mux/v1';
  const open = () => new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'rxkube.mux.v1');
    socket.onopen = () => resolve(socket);
    socket.onerror = () => reject(new Error('not opened'));
  });
  const healthy = await open();
  const flooding = await open();
  const code = await new Promise((resolve) => {
    flooding.onclose = (event) => resolve(event.code);
    flooding.send('x'.repeat(9 << 20));
  });
  const head = await new Promise((resolve) => {
    healthy.onmessage = (event) => resolve(JSON.parse(String(event.data)));
    healthy.onclose = (event) => resolve('closed ' + event.code);
    healthy.send(JSON.stringify({ t: 'req', id: 1, method: 'GET', path: '/api/v1/namespaces/ns/pods' }));
  });
  return { code, head };
})()`;

let upstream: RecordingUpstream;
let proxy: BundledProxy;
let evil: PageServer;
let app: PageServer;
let browser: Browser;
let page: Page;

/** The page of another site: an image and a link to the proxy, as any web page may hold. */
const evilPage = (proxyUrl: string) => `<!doctype html><title>evil</title>
<a id="go" href="${proxyUrl}/api/v1/namespaces/ns/pods?from=link">pods</a>
<img src="${proxyUrl}/api/v1/namespaces/ns/pods?from=img"
  onerror="document.title = 'image done'" onload="document.title = 'image done'">`;

beforeAll(async () => {
  upstream = await startRecordingUpstream({ html: IN_CLUSTER_PAGE });
  app = await servePage('<!doctype html><title>app</title>');
  browser = await launchChromium(['evil.test', 'app.test']);
}, LAUNCH_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await Promise.all([upstream?.close(), app?.close()]);
});

// A proxy each: one that crashed must not take the next case with it.
beforeEach(async () => {
  const www = await mkdtemp(join(tmpdir(), 'rxkube-www-'));
  await writeFile(join(www, 'index.html'), '<!doctype html><title>dashboard</title>');
  proxy = await startBundledProxy(upstream.url, [
    `--www=${www}`,
    `--allow-origin=http://app.test:${app.port}`,
  ]);
  evil = await servePage(evilPage(proxy.url));
  upstream.seen.length = 0;
});

afterEach(async () => {
  await page?.context().close();
  await proxy?.stop();
  await evil?.close();
});

async function newPage(): Promise<Page> {
  page = await (await browser.newContext()).newPage();
  return page;
}

describe('rxkube proxy seen from Chromium', () => {
  it("closes its own page's socket with 1009 on a 9 MiB message; its other socket and the proxy live on", async () => {
    const tab = await newPage();
    await tab.goto(`${proxy.url}/static/`);
    const result = await tab.evaluate(FLOOD_SCRIPT);
    expect(result).toEqual({
      code: 1009,
      head: expect.objectContaining({ t: 'head', status: 200 }),
    });
    expect(proxy.exitCode()).toBeNull();
  });

  it('runs no script of a page served from inside the cluster, which cannot write with the token', async () => {
    const tab = await newPage();
    const response = await tab.goto(`${proxy.url}/api/v1/namespaces/ns/services/web/proxy/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe('sandbox');
    // Inline scripts run before the load event goto waits for: this one did not.
    expect(await tab.title()).toBe('web');
    // The document has an opaque origin: a write from it is a cross-site request the proxy refuses.
    expect(await tab.evaluate('self.origin')).toBe('null');
    const write = await tab.evaluate(() =>
      fetch('/api/v1/namespaces/ns/configmaps', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then(
        (answer) => answer.status,
        () => 'refused',
      ),
    );
    expect(write).toBe('refused');
    expect(upstream.seen).toEqual([
      { method: 'GET', url: '/api/v1/namespaces/ns/services/web/proxy/' },
    ]);
  });

  it("forwards nothing of another site's image or link, and serves a listed origin's fetch", async () => {
    const tab = await newPage();
    await tab.goto(`http://evil.test:${evil.port}/`);
    await tab.waitForFunction("document.title === 'image done'");
    const [navigation] = await Promise.all([
      tab.waitForEvent('response', (answer) => answer.url().includes('from=link')),
      tab.click('#go'),
    ]);
    expect(navigation.status()).toBe(403);
    expect(upstream.seen).toEqual([]);

    await tab.goto(`http://app.test:${app.port}/`);
    const listed = await tab.evaluate(
      (url) => fetch(`${url}/api/v1/namespaces/ns/pods?from=app`).then((answer) => answer.status),
      proxy.url,
    );
    expect(listed).toBe(200);
    expect(upstream.seen).toEqual([{ method: 'GET', url: '/api/v1/namespaces/ns/pods?from=app' }]);
  });
});
