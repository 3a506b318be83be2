import { FakeApiServer } from '@rxkube/testing';
import type { Browser, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_NAMESPACES } from '../fleet-namespaces.js';
import { FLEET_RESOURCES, fleetObject, seedFleet } from '../server/fleet-seed.js';
import { WWW_PREFIX } from '../server/run-fleet.js';
import { type RxkubeProxy, startRxkubeProxy } from '../server/rxkube-proxy.js';
import { serveStatic } from '../server/static-server.js';
import { launchChromium } from './browser.js';
import type { DashboardUnderTest } from './dashboard-under-test.js';
import { type FleetFigures, reportFleetFigures } from './fleet-figures.js';
import { saveScreenshot } from './save-screenshot.js';

/** How long any one awaited page condition may take: generous, the machine may be loaded. */
const CONDITION_TIMEOUT_MS = 45_000;
/** Each test: several such conditions in a row. */
const TEST_TIMEOUT_MS = 180_000;
/** How many watches Chromium carries at once per origin over HTTP/1.1. */
const BROWSER_CONNECTIONS_PER_ORIGIN = 6;

type Ref = { group?: string; version: string; resource: string; namespace?: string };

interface TileView {
  readonly id: string;
  readonly status: string;
  readonly count: number | undefined;
  readonly latest: string;
}

/**
 * The fleet view of a dashboard (32 live collections in one tab) in Chromium, through
 * `rxkube proxy` in front of the fake API server: every collection goes live over the proxy's one
 * WebSocket and follows the server, and recovers when the socket drops (the proxy process is
 * killed and started again on its port) without a reload. Through a proxy without that endpoint
 * the page falls back to fetch over HTTP/1.1, where the browser's six connections per origin
 * carry six watches and no more: the other collections are listed once and never follow the
 * server. Prints (and writes to `test-results/fleet-figures.json`) how long the page took to
 * have every collection live, to show the dropped connection and to recover from it.
 */
export function describeFleet(dashboard: DashboardUnderTest): void {
  const APP_DIR = dashboard.appDir;
  let server: FakeApiServer;
  let browser: Browser;
  const pageErrors: string[] = [];
  /** Why the browser could not be set up: every test fails with it (none is skipped). */
  let setupError: unknown;
  const figures: { -readonly [K in keyof FleetFigures]?: FleetFigures[K] } = {};

  beforeAll(async () => {
    try {
      browser = await launchChromium(APP_DIR);
      server = await FakeApiServer.start();
      seedFleet(server, { namespaces: FLEET_NAMESPACES });
    } catch (error) {
      setupError = error;
    }
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await reportFleetFigures(dashboard.name, figures);
  });

  /** A test that fails with the setup's error when the browser or the app is missing. */
  function e2e(name: string, body: () => Promise<void>): void {
    it(
      name,
      async () => {
        if (setupError !== undefined) throw setupError;
        await body();
      },
      TEST_TIMEOUT_MS,
    );
  }

  /** The collection a tile follows, from its id (`pods/payments`, or `events/*` for all namespaces). */
  function refOf(id: string): Ref {
    const [resource = '', namespace = '*'] = id.split('/');
    const base = FLEET_RESOURCES[resource as keyof typeof FLEET_RESOURCES] as Ref | undefined;
    if (base === undefined) throw new Error(`tile ${id} follows a resource the fleet never seeds`);
    return namespace === '*' ? base : { ...base, namespace };
  }

  /** How many objects the server holds in a tile's collection now. */
  function serverCount(id: string): number {
    const ref = refOf(id);
    return server.objects(ref, ref.namespace).length;
  }

  async function tiles(page: Page): Promise<TileView[]> {
    return page.$$eval('[data-tile]', (elements) =>
      elements.map((element) => {
        const count = element.getAttribute('data-count');
        return {
          id: element.getAttribute('data-tile') ?? '',
          status: element.getAttribute('data-status') ?? '',
          count: count === null ? undefined : Number(count),
          latest:
            element
              .querySelector('[data-testid="latest"]')
              ?.textContent?.replace(/\s+/g, ' ')
              .trim() ?? '',
        };
      }),
    );
  }

  /** Waits until every tile shows what `expected` says for its id (status, count, latest). */
  async function waitForTiles(
    page: Page,
    expected: (id: string) => Partial<Omit<TileView, 'id'>>,
  ): Promise<TileView[]> {
    const ids = (await tiles(page)).map((tile) => tile.id);
    const wanted = Object.fromEntries(ids.map((id) => [id, expected(id)]));
    await page.waitForFunction((want) => {
      for (const [id, fields] of Object.entries(want)) {
        const element = document.querySelector(`[data-tile="${id}"]`);
        if (element === null) return false;
        if (fields.status !== undefined && element.getAttribute('data-status') !== fields.status) {
          return false;
        }
        if (
          fields.count !== undefined &&
          element.getAttribute('data-count') !== String(fields.count)
        ) {
          return false;
        }
        const latest = element
          .querySelector('[data-testid="latest"]')
          ?.textContent?.replace(/\s+/g, ' ')
          .trim();
        if (fields.latest !== undefined && latest !== fields.latest) return false;
      }
      return true;
    }, wanted);
    return tiles(page);
  }

  /**
   * Writes one change to every tile's collection (and to no other tile's): creates `name` in it,
   * or (`revision` given) replaces it with that revision, or (`remove`) deletes it. Returns the
   * key each tile should show as its latest change.
   */
  function changeEveryTile(
    ids: readonly string[],
    name: string,
    change: { kind: 'create' } | { kind: 'update'; revision: number } | { kind: 'remove' },
  ): Map<string, string> {
    const keys = new Map<string, string>();
    for (const id of ids) {
      const ref = refOf(id);
      const resource = ref.resource;
      // One object per tile: a namespaced tile's own namespace; events across all namespaces get
      // theirs in `default`; a namespace is its own object.
      const namespace = ref.namespace ?? 'default';
      const objectName = resource === 'namespaces' ? `${name}-ns` : name;
      const key = resource === 'namespaces' ? objectName : `${namespace}/${objectName}`;
      const at = { namespace, name: objectName };
      if (change.kind === 'create') {
        server.create(ref, fleetObject(resource, at));
      } else if (change.kind === 'update') {
        server.update(ref, fleetObject(resource, { ...at, revision: change.revision }));
      } else {
        server.remove(ref, at);
      }
      keys.set(id, key);
    }
    return keys;
  }

  async function openFleet(url: string): Promise<{ page: Page; sockets: WebSocket[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(CONDITION_TIMEOUT_MS);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const sockets: WebSocket[] = [];
    page.on('websocket', (socket) => sockets.push(socket));
    await page.goto(url);
    await page.locator('[data-tile]').first().waitFor();
    return { page, sockets };
  }

  describe(`${dashboard.name}: the fleet view through rxkube proxy, over its WebSocket`, () => {
    let proxy: RxkubeProxy | undefined;
    let page: Page;
    let sockets: WebSocket[];
    let ids: string[];

    afterAll(async () => {
      await page?.close();
      await proxy?.kill();
      await server?.waitFor(() => server.openWatches === 0, { timeoutMs: CONDITION_TIMEOUT_MS });
    });

    e2e('shows 32 collections across kinds and namespaces, every one live', async () => {
      proxy = await startRxkubeProxy({
        server: server.url,
        www: { dir: APP_DIR, prefix: WWW_PREFIX },
      });
      const navigatedAt = performance.now();
      ({ page, sockets } = await openFleet(`${proxy.url}${WWW_PREFIX}?view=fleet&api=/`));
      ids = (await tiles(page)).map((tile) => tile.id);
      expect(ids.length).toBeGreaterThanOrEqual(30);
      expect(new Set(ids).size).toBe(ids.length);
      expect(
        ids.filter((id) => id.startsWith('pods/')).map((id) => id.slice('pods/'.length)),
      ).toEqual(FLEET_NAMESPACES);

      const shown = await waitForTiles(page, (id) => ({ status: 'live', count: serverCount(id) }));
      expect(shown.every((tile) => tile.count !== undefined && tile.count > 0)).toBe(true);
      await page
        .locator(`[data-testid="summary"][data-live="${ids.length}"][data-total="${ids.length}"]`)
        .waitFor();
      figures.collections = ids.length;
      figures.allLiveMs = performance.now() - navigatedAt;
      // Every watch is open upstream, all of them carried by one WebSocket in the page.
      await server.waitFor(() => server.openWatches === ids.length, {
        timeoutMs: CONDITION_TIMEOUT_MS,
      });
      expect(server.count('list')).toBe(ids.length);
      expect(sockets.map((socket) => new URL(socket.url()).pathname)).toEqual(['/rxkube/mux/v1']);
    });

    e2e('follows additions, changes and deletions on the server in every tile', async () => {
      const created = changeEveryTile(ids, 'after-load', { kind: 'create' });
      await waitForTiles(page, (id) => ({
        status: 'live',
        count: serverCount(id),
        latest: `added ${created.get(id)}`,
      }));

      changeEveryTile(ids, 'after-load', { kind: 'update', revision: 2 });
      await waitForTiles(page, (id) => ({ latest: `modified ${created.get(id)}` }));

      changeEveryTile(ids, 'after-load', { kind: 'remove' });
      const shown = await waitForTiles(page, (id) => ({
        count: serverCount(id),
        latest: `deleted ${created.get(id)}`,
      }));
      expect(shown.map((tile) => tile.count)).toEqual(ids.map(serverCount));
      expect(sockets).toHaveLength(1);
    });

    e2e('recovers every collection when the WebSocket drops, without a reload', async () => {
      if (proxy === undefined) throw new Error('the proxy did not start');
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      const listsBefore = server.count('list');
      const { port } = proxy;

      // The proxy dies: the page's socket and every upstream watch drop at once.
      const killedAt = performance.now();
      await proxy.kill();
      proxy = undefined;
      await waitForTiles(page, () => ({ status: 'reconnecting' }));
      await page.locator(`[data-testid="summary"][data-live="0"]`).waitFor();
      figures.dropShownMs = performance.now() - killedAt;
      await server.waitFor(() => server.openWatches === 0, { timeoutMs: CONDITION_TIMEOUT_MS });
      // Changes while nobody watches: each collection must catch up from where it was.
      const missed = changeEveryTile(ids, 'while-down', { kind: 'create' });

      proxy = await startRxkubeProxy({
        server: server.url,
        port,
        www: { dir: APP_DIR, prefix: WWW_PREFIX },
      });
      const restartedAt = performance.now();
      await waitForTiles(page, (id) => ({
        status: 'live',
        count: serverCount(id),
        latest: `added ${missed.get(id)}`,
      }));
      figures.recoveredMs = performance.now() - restartedAt;
      await server.waitFor(() => server.openWatches === ids.length, {
        timeoutMs: CONDITION_TIMEOUT_MS,
      });

      const later = changeEveryTile(ids, 'after-recovery', { kind: 'create' });
      const shown = await waitForTiles(page, (id) => ({
        status: 'live',
        count: serverCount(id),
        latest: `added ${later.get(id)}`,
      }));
      expect(shown.map((tile) => tile.count)).toEqual(ids.map(serverCount));
      expect(
        await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
      ).toBe(true);
      // One socket again (the attempts while the proxy was down failed and are closed); the
      // collections resumed their watches from their last versions: no relist.
      expect(sockets.filter((socket) => !socket.isClosed())).toHaveLength(1);
      expect(sockets.length).toBeGreaterThanOrEqual(2);
      expect(server.count('list')).toBe(listsBefore);
    });

    e2e('renders without page errors, and takes the screenshot for the guide', async () => {
      await page.locator(`[data-testid="summary"][data-live="${ids.length}"]`).waitFor();
      // The link to the pod table keeps the page's API.
      expect(await page.locator('[data-testid="switch"]').getAttribute('href')).toBe(
        `${WWW_PREFIX}?view=pods&api=%2F`,
      );
      await saveScreenshot(page, dashboard.screenshots.fleet);
      expect(pageErrors).toEqual([]);
    });
  });

  describe(`${dashboard.name}: the fleet view through a proxy without the WebSocket endpoint (fetch over HTTP/1.1)`, () => {
    let plain: { url: string; close(): Promise<void> } | undefined;
    let page: Page | undefined;

    afterAll(async () => {
      await page?.close();
      await plain?.close();
    });

    e2e(
      'lists every collection but watches only six: the others never follow the server',
      async () => {
        // A plain HTTP/1.1 forwarder on the page's origin, as `kubectl proxy --www` is.
        plain = await serveStatic({ root: APP_DIR, apiTarget: server.url });
        await server.waitFor(() => server.openWatches === 0, { timeoutMs: CONDITION_TIMEOUT_MS });
        const watchesBefore = server.openWatches;
        const opened = await openFleet(`${plain.url}/?view=fleet&api=/`);
        page = opened.page;
        const ids = (await tiles(page)).map((tile) => tile.id);

        // Every LIST is answered (each holds a connection only briefly)...
        await waitForTiles(page, (id) => ({ count: serverCount(id) }));
        // ...then six watches take the six connections and keep them.
        await server.waitFor(
          () => server.openWatches - watchesBefore === BROWSER_CONNECTIONS_PER_ORIGIN,
          { timeoutMs: CONDITION_TIMEOUT_MS },
        );
        await page
          .locator(`[data-testid="summary"][data-live="${BROWSER_CONNECTIONS_PER_ORIGIN}"]`)
          .waitFor();

        const before = new Map((await tiles(page)).map((tile) => [tile.id, tile.count]));
        const created = changeEveryTile(ids, 'over-fetch', { kind: 'create' });
        // The six live tiles show the change...
        await page.waitForFunction(
          ([n, live]) =>
            Array.from(document.querySelectorAll('[data-tile][data-status="live"]')).filter(
              (tile) =>
                tile.querySelector('[data-testid="latest"]')?.textContent?.includes('over-fetch'),
            ).length === n &&
            document.querySelectorAll('[data-tile][data-status="live"]').length === live,
          [BROWSER_CONNECTIONS_PER_ORIGIN, BROWSER_CONNECTIONS_PER_ORIGIN] as const,
        );
        // ...and every other tile still shows its first list: its watch waits for a connection
        // that never frees up, and it says so (listing, never live).
        const shown = await tiles(page);
        const live = shown.filter((tile) => tile.status === 'live');
        const stuck = shown.filter((tile) => tile.status !== 'live');
        expect(live).toHaveLength(BROWSER_CONNECTIONS_PER_ORIGIN);
        expect(stuck).toHaveLength(ids.length - BROWSER_CONNECTIONS_PER_ORIGIN);
        for (const tile of live) {
          expect(tile.count).toBe(serverCount(tile.id));
          expect(tile.latest).toBe(`added ${created.get(tile.id)}`);
        }
        for (const tile of stuck) {
          expect(tile.status).toBe('listing');
          expect(tile.count).toBe(before.get(tile.id));
          expect(tile.count).toBe(serverCount(tile.id) - 1);
        }
        expect(server.openWatches - watchesBefore).toBe(BROWSER_CONNECTIONS_PER_ORIGIN);
        expect(pageErrors).toEqual([]);
      },
    );
  });
}
