import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// The dashboards' own servers: the fleet they seed and how they start the proxy, used as they are.
import { seedFleet, serveStatic, startRxkubeProxy } from '@rxkube/example-dashboard-shared/server';
import { FakeApiServer } from '@rxkube/testing';
import { chromium, type Page } from 'playwright-core';

/**
 * `pnpm bench` (browser part): the angular-dashboard example's fleet view (32 live collections
 * in one tab) in headless Chromium, through `rxkube proxy` (every request over one WebSocket)
 * and through a plain HTTP/1.1 forwarder without that endpoint (fetch, as behind
 * `kubectl proxy`). For each, run in turn A B A B … after a warm-up: the time from navigation
 * until every collection that can go live is live, how many collections that is, and how many
 * connections the page used for API requests (WebSockets, and HTTP connections by Chromium's
 * connection id). A benchmark, never a test: the figures go to docs/benchmarks.md by hand.
 *
 *   --runs=N   counted runs of each (default 5)
 */

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Math.max(1, Number(values.runs));
const example = new URL('../../../../examples/angular-dashboard/', import.meta.url);
const appDir = fileURLToPath(new URL('dist/browser/', example));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How long one page may take to reach its final state before the run counts as failed. */
const RUN_TIMEOUT_MS = 120_000;
/** Chromium's HTTP/1.1 connections per origin: the most collections fetch can keep live. */
const FETCH_LIVE = 6;

for (const [what, path] of [
  [
    'the example app (pnpm --filter @rxkube/example-angular-dashboard build)',
    `${appDir}index.html`,
  ],
  ['Chromium (apt-get install -y chromium, or CHROMIUM_PATH)', chromiumPath],
] as const) {
  if (!existsSync(path)) {
    console.error(`browser bench: ${path} is missing: ${what}`);
    process.exit(2);
  }
}

interface Sample {
  readonly ms: number;
  readonly live: number;
  readonly total: number;
  readonly webSockets: number;
  readonly httpConnections: number;
  /** Connections open at the API server once live (the proxy's, or the forwarder's, upstream). */
  readonly upstream: number;
}

const server = await FakeApiServer.start();
seedFleet(server);
const proxy = await startRxkubeProxy({
  server: server.url,
  www: { dir: appDir, prefix: '/dashboard/' },
});
const plain = await serveStatic({ root: appDir, apiTarget: server.url });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});

/** Opens the fleet view at `url` in a fresh context and waits until `live` collections are live. */
async function sample(url: string, live: (total: number) => number): Promise<Sample> {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  page.setDefaultTimeout(RUN_TIMEOUT_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const connections = new Set<number>();
  cdp.on('Network.responseReceived', (event) => {
    const path = new URL(event.response.url).pathname;
    if (/^\/(api|apis)\//.test(path)) connections.add(event.response.connectionId);
  });
  let webSockets = 0;
  page.on('websocket', () => webSockets++);
  const started = performance.now();
  await page.goto(url);
  const total = await page
    .locator('[data-testid="summary"]')
    .getAttribute('data-total')
    .then(Number);
  const want = live(total);
  await page.locator(`[data-testid="summary"][data-live="${want}"]`).waitFor();
  const ms = performance.now() - started;
  const upstream = server.openConnections;
  await context.close();
  await server.waitFor(() => server.openWatches === 0, { timeoutMs: RUN_TIMEOUT_MS });
  return { ms, live: want, total, webSockets, httpConnections: connections.size, upstream };
}

const viaMux = `${proxy.url}/dashboard/?view=fleet&api=/`;
const viaFetch = `${plain.url}/?view=fleet&api=/`;
const samples = { mux: [] as Sample[], fetch: [] as Sample[] };
try {
  await sample(viaMux, (total) => total);
  await sample(viaFetch, () => FETCH_LIVE);
  for (let i = 0; i < runs; i++) {
    samples.mux.push(await sample(viaMux, (total) => total));
    samples.fetch.push(await sample(viaFetch, () => FETCH_LIVE));
  }
} finally {
  await browser.close();
  await proxy.kill();
  await plain.close();
  await server.close();
}

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const row = (name: string, xs: readonly Sample[]) => {
  const ms = xs.map((x) => x.ms);
  const first = xs[0];
  if (first === undefined) return `${name.padEnd(34)} (not run)`;
  return (
    `${name.padEnd(34)} ${first.live} of ${first.total} live · min ${Math.min(...ms).toFixed(0)} ms · ` +
    `median ${median(ms).toFixed(0)} ms · max ${Math.max(...ms).toFixed(0)} ms · ` +
    `WebSocket attempts ${median(xs.map((x) => x.webSockets))} · HTTP connections ${median(xs.map((x) => x.httpConnections))} · ` +
    `upstream connections ${median(xs.map((x) => x.upstream))}`
  );
};
console.log(`browser: the fleet view in Chromium, ${runs} runs each, time from navigation to live`);
console.log(row('rxkube proxy (one WebSocket)', samples.mux));
console.log(row('plain HTTP/1.1 proxy (fetch)', samples.fetch));
