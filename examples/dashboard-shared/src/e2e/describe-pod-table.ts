import { FakeApiServer } from '@rxkube/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { PODS, podObject, seedCluster } from '../server/seed.js';
import { type StaticServer, serveStatic } from '../server/static-server.js';
import { launchChromium } from './browser.js';
import type { DashboardUnderTest } from './dashboard-under-test.js';
import { saveScreenshot } from './save-screenshot.js';

/** How long any one awaited page condition may take. */
const CONDITION_TIMEOUT_MS = 15_000;

type PodLike = { metadata: { namespace: string; name: string } };

/**
 * The pod table of a dashboard in a real browser (Debian's Chromium, driven by playwright-core)
 * against the fake API server over CORS: rows follow the server, filters work, a 410 Gone is
 * recovered without a reload, and the health badge shows a refusing server, then live again.
 * Every dashboard renders the same page (the same `data-*` attributes), whatever its framework.
 */
export function describePodTable(dashboard: DashboardUnderTest): void {
  let server: FakeApiServer;
  let app: StaticServer;
  let browser: Browser;
  let page: Page;
  let seeded: string[];
  const pageErrors: string[] = [];
  /** Why the browser could not be set up: every test fails with it (none is skipped). */
  let setupError: unknown;
  const APP_DIR = dashboard.appDir;

  async function setUp(): Promise<void> {
    browser = await launchChromium(APP_DIR);
    app = await serveStatic({ root: APP_DIR });
    // CORS for the app's origin only: the fake answers no other page.
    server = await FakeApiServer.start({ cors: { allowedOrigins: [app.url] } });
    seeded = seedCluster(server, { perNamespace: 3 });
    page = await browser.newPage({ viewport: { width: 1100, height: 640 } });
    page.setDefaultTimeout(CONDITION_TIMEOUT_MS);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${app.url}/?api=${encodeURIComponent(server.url)}`);
  }

  beforeAll(async () => {
    try {
      await setUp();
    } catch (error) {
      setupError = error;
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await server?.close();
  });

  const row = (key: string) => page.locator(`tr[data-key="${key}"]`);

  /** Keys of the rows the table shows now. */
  async function shownKeys(): Promise<string[]> {
    return page.$$eval('tr[data-key]', (rows) => rows.map((r) => r.getAttribute('data-key') ?? ''));
  }

  async function waitForRowCount(count: number): Promise<void> {
    await page.waitForFunction(
      (n) => document.querySelectorAll('tr[data-key]').length === n,
      count,
    );
  }

  async function waitForCell(key: string, column: string, text: string): Promise<void> {
    await page.waitForFunction(
      ([k, c, t]) =>
        document.querySelector(`tr[data-key="${k}"] td[data-col="${c}"]`)?.textContent?.trim() ===
        t,
      [key, column, text] as const,
    );
  }

  async function waitForHealth(status: string): Promise<void> {
    await page.locator(`[data-testid="health"][data-status="${status}"]`).waitFor();
  }

  async function counter(name: string): Promise<number> {
    return Number(await page.locator(`[data-testid="${name}"]`).textContent());
  }

  function keysOf(pods: readonly PodLike[]): string[] {
    return pods.map((p) => `${p.metadata.namespace}/${p.metadata.name}`).sort();
  }

  /** A test that fails with the setup's error when the browser or the app is missing. */
  function e2e(name: string, body: () => Promise<void>): void {
    it(name, async () => {
      if (setupError !== undefined) throw setupError;
      await body();
    });
  }

  describe(`${dashboard.name}: the pod table in Chromium`, () => {
    e2e('shows a row for every pod once the first list completes, and a live badge', async () => {
      await waitForRowCount(seeded.length);
      await waitForHealth('live');
      expect(await shownKeys()).toEqual([...seeded].sort());
      expect(await counter('total')).toBe(seeded.length);
      expect(server.count('list')).toBe(1);
    });

    e2e('changes a row when the server updates its pod', async () => {
      const [key] = seeded;
      assert(key, 'the cluster is seeded with pods');
      const [namespace, name] = key.split('/') as [string, string];
      await server.waitFor(() => server.openWatches === 1);
      server.patch(
        PODS,
        { namespace, name },
        { status: { phase: 'Failed' }, spec: { nodeName: 'node-z' } },
      );
      await waitForCell(key, 'phase', 'Failed');
      await waitForCell(key, 'node', 'node-z');
    });

    e2e('adds a row for a created pod and removes the row of a deleted one', async () => {
      server.create(PODS, podObject({ namespace: 'search', name: 'new-pod', phase: 'Pending' }));
      await row('search/new-pod').waitFor();
      const gone = seeded[1];
      assert(gone, 'the cluster is seeded with two pods or more');
      const [namespace, name] = gone.split('/') as [string, string];
      server.remove(PODS, { namespace, name });
      await row(gone).waitFor({ state: 'detached' });
      expect(await shownKeys()).toEqual(keysOf(server.objects<PodLike>(PODS)));
    });

    e2e('filters rows by text and by namespace, incrementally as pods change', async () => {
      const all = server.objects<PodLike>(PODS);
      const cache = all.filter((p) => p.metadata.name.includes('cache'));
      await page.locator('[data-testid="filter"]').fill('cache');
      await waitForRowCount(cache.length);
      expect(await shownKeys()).toEqual(keysOf(cache));

      await page.locator('[data-testid="namespace"]').selectOption('payments');
      const inPayments = cache.filter((p) => p.metadata.namespace === 'payments');
      await waitForRowCount(inPayments.length);
      expect(await shownKeys()).toEqual(keysOf(inPayments));

      server.create(PODS, podObject({ namespace: 'payments', name: 'cache-extra' }));
      server.create(PODS, podObject({ namespace: 'default', name: 'cache-elsewhere' }));
      await row('payments/cache-extra').waitFor();
      expect(await shownKeys()).toEqual(
        keysOf([...inPayments, { metadata: { namespace: 'payments', name: 'cache-extra' } }]),
      );

      await page.locator('[data-testid="namespace"]').selectOption('');
      await page.locator('[data-testid="filter"]').fill('');
      await waitForRowCount(server.objects(PODS).length);
    });

    e2e('recovers from 410 Gone with a relist, without reloading the page', async () => {
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      await server.waitFor(() => server.openWatches === 1);
      const listsBefore = server.count('list');
      // Advance the version without a pod event, drop all history and end the watch: resuming
      // from the client's last pod version is now 410 Gone.
      server.create(
        { version: 'v1', resource: 'configmaps' },
        { metadata: { namespace: 'default', name: 'bump' } },
      );
      server.faults.compact();
      server.faults.endWatches();
      server.create(PODS, podObject({ namespace: 'default', name: 'after-gone' }));

      await row('default/after-gone').waitFor();
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="relists"]')?.textContent) >= 1,
      );
      await waitForHealth('live');
      expect(server.count('list')).toBeGreaterThan(listsBefore);
      expect(
        await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
      ).toBe(true);
      expect(await shownKeys()).toEqual(keysOf(server.objects<PodLike>(PODS)));
    });

    e2e('shows reconnecting while the server refuses, and live again afterwards', async () => {
      await waitForHealth('live');
      server.faults.failNext({ kind: 'any', count: 1_000, status: 503 });
      server.faults.destroyWatches();
      await waitForHealth('reconnecting');
      expect(await page.locator('[data-testid="health"]').textContent()).toContain('attempt');
      // Rows stay while reconnecting: the cache is kept and still served.
      expect((await shownKeys()).length).toBe(server.objects(PODS).length);

      server.faults.reset();
      await waitForHealth('live');
      server.create(PODS, podObject({ namespace: 'search', name: 'after-outage' }));
      await row('search/after-outage').waitFor();
      expect(await counter('reconnects')).toBeGreaterThanOrEqual(1);
    });

    e2e('works through a same-origin proxy (?api=/), as behind kubectl proxy --www', async () => {
      const proxied = await serveStatic({ root: APP_DIR, apiTarget: server.url });
      const second = await browser.newPage();
      second.setDefaultTimeout(CONDITION_TIMEOUT_MS);
      second.on('pageerror', (error) => pageErrors.push(error.message));
      try {
        await second.goto(`${proxied.url}/?api=/`);
        const count = server.objects(PODS).length;
        await second.waitForFunction(
          (n) => document.querySelectorAll('tr[data-key]').length === n,
          count,
        );
        expect(await second.locator('[data-testid="api"]').textContent()).toBe(proxied.url);
        await server.waitFor(() => server.openWatches === 2);
        server.create(PODS, podObject({ namespace: 'default', name: 'via-proxy' }));
        await second.locator('tr[data-key="default/via-proxy"]').waitFor();
      } finally {
        await second.close();
        await proxied.close();
      }
      await server.waitFor(() => server.openWatches === 1);
    });

    e2e('renders without page errors, and takes the screenshot for the guide', async () => {
      await waitForHealth('live');
      await waitForRowCount(server.objects(PODS).length);
      await page.locator('[data-testid="filter"]').blur();
      await saveScreenshot(page, dashboard.screenshots.pods);
      expect(pageErrors).toEqual([]);
    });
  });
}
