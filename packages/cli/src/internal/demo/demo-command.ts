import {
  type CollectionHealth,
  type CollectionState,
  collectionUpdates$,
  type KubeObject,
} from '@rxkube/core';
import { createClient } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import type { Subscription } from 'rxjs';
import { cliDefaults } from '../../cli-defaults.js';
import type { CliIo } from '../../cli-io.js';
import type { DemoArgs } from '../cli-args.js';
import { errorSummary, healthChangeText } from '../render/health-text.js';
import { createPalette } from '../render/palette.js';
import { demoNamespaces } from './demo-apps.js';
import { DemoCluster, podsRef } from './demo-cluster.js';
import { demoDefaults } from './demo-defaults.js';
import { demoLog } from './demo-log.js';
import { demoScreen } from './demo-screen.js';
import type { DemoView } from './demo-view.js';
import { type Divergence, divergence } from './divergence.js';
import { FaultInjector, type FaultKind, faultKinds, faultNames } from './fault-injector.js';
import { Random } from './random.js';

/** The summary's fault lines line up under the first. */
const FAULT_INDENT = 19;

/** `managedFields` are bulky and never shown: the cache drops them (the `transform` option). */
function withoutManagedFields(pod: KubeObject): KubeObject {
  if (pod.metadata?.managedFields === undefined) return pod;
  const { managedFields: _dropped, ...metadata } = pod.metadata;
  return { ...pod, metadata };
}

/**
 * `rxkube demo`: a fake API server with a busy, faulty cluster in-process, and a live table of
 * its pods kept by `collectionUpdates$`, compared with the server every second. Resolves to 0
 * when, at the end, the cache equals the server.
 */
export async function demoCommand(args: DemoArgs, io: CliIo): Promise<number> {
  const tty = io.stdout.isTTY === true;
  const palette = createPalette(tty, io.env);
  const random = new Random(args.seed);
  const startedAt = Date.now();
  const elapsed = () => (Date.now() - startedAt) / 1_000;
  const server = await FakeApiServer.start({
    bookmarkIntervalMs: demoDefaults.bookmarkIntervalMs,
    historyLimit: demoDefaults.historyLimit,
  });
  const timers: ReturnType<typeof setInterval>[] = [];
  let subscription: Subscription | undefined;
  let view: DemoView | undefined;
  try {
    const cluster = DemoCluster.seed(server, random, args.pods, Date.now());
    const title =
      `rxkube demo · ${cluster.size} pods in ${demoNamespaces.length} namespaces · ` +
      `${args.rate} writes/s · ${args.faults ? `a fault every ${args.faultEverySeconds} s` : 'no faults'}` +
      (args.durationSeconds === undefined ? ' · Ctrl-C to stop' : ` · ${args.durationSeconds} s`);
    view = tty
      ? demoScreen(io.stdout, palette, title, elapsed)
      : demoLog(io.stdout, palette, elapsed);
    const shown = view;
    shown.log(`fake API server on ${server.url} with ${cluster.size} pods`);

    let state: CollectionState | undefined;
    let failure: unknown;
    let wake: () => void = () => {};
    // Faults and the duration count from the first complete list, whatever the start-up took.
    let wentLive: () => void = () => {};
    const idleTimeoutMs = Math.max(
      demoDefaults.idleTimeoutMs,
      Math.ceil((demoDefaults.idleGaps * 1_000) / args.rate),
    );
    const logHealth = healthChanges((health) => shown.log(`health: ${healthChangeText(health)}`));
    subscription = collectionUpdates$(createClient({ baseUrl: server.url }), podsRef, {
      pageSize: cliDefaults.chunkSize,
      idleTimeoutMs,
      backoff: demoDefaults.backoff,
      watchTimeoutSeconds: demoDefaults.watchTimeoutSeconds,
      transform: withoutManagedFields,
      onPage: (progress) => shown.page(progress),
    }).subscribe({
      next(update) {
        logHealth(update.health);
        if (update.synced) {
          if (state === undefined) wentLive();
          state = update;
        }
        shown.update(update, Date.now());
      },
      error(error: unknown) {
        failure = error;
        wake();
      },
    });

    const compare = (): { divergence: Divergence | undefined; serverObjects: number } => {
      const objects = server.objects<KubeObject>(podsRef);
      return {
        divergence: state ? divergence(state.items, objects) : undefined,
        serverObjects: objects.length,
      };
    };

    const injector = new FaultInjector(server, cluster, idleTimeoutMs, (line) => shown.log(line));
    const faults: { kind: FaultKind; at: number }[] = [];
    let credit = 0;
    let lastTick = Date.now();
    let nextCheck = lastTick + demoDefaults.checkIntervalMs;
    // One timer drives everything: compare first (the previous writes have had a tick to
    // arrive), then write this tick's share of the rate.
    timers.push(
      setInterval(() => {
        const now = Date.now();
        if (now >= nextCheck) {
          nextCheck += demoDefaults.checkIntervalMs;
          shown.check({ at: elapsed(), ...compare() });
        }
        const sinceLastTick = now - lastTick;
        lastTick = now;
        if (state === undefined) return;
        credit += (args.rate * sinceLastTick) / 1_000;
        while (credit >= 1) {
          const writes = cluster.step(now);
          if (writes === 0) break;
          credit -= writes;
        }
      }, demoDefaults.churnTickMs),
    );
    await new Promise<void>((resolve) => {
      wake = resolve;
      io.signal.addEventListener('abort', () => resolve(), { once: true });
      wentLive = () => {
        if (args.faults) {
          // The first fault comes after half an interval, so that short runs see more of them.
          const everyMs = args.faultEverySeconds * 1_000;
          const inject = () =>
            faults.push({ kind: injector.injectNext(Date.now()), at: elapsed() });
          timers.push(
            setTimeout(() => {
              inject();
              timers.push(setInterval(inject, everyMs));
            }, everyMs / 2),
          );
        }
        if (args.durationSeconds !== undefined) {
          timers.push(setTimeout(resolve, args.durationSeconds * 1_000));
        }
      };
      if (state !== undefined) wentLive();
      if (failure !== undefined) resolve();
    });
    for (const timer of timers) clearInterval(timer);
    injector.stop();
    if (failure !== undefined) throw failure;

    shown.log(
      io.signal.aborted
        ? 'interrupted: waiting for the cache to settle'
        : 'writes stopped: waiting for the cache to settle',
    );
    const settleMs = io.signal.aborted
      ? demoDefaults.interruptSettleMs
      : demoDefaults.settleTimeoutMs;
    const final = await settle(compare, settleMs, () => failure !== undefined);
    shown.check({ at: elapsed(), ...final });
    view.close();
    view = undefined;
    if (failure !== undefined) throw failure;

    const d = final.divergence;
    const stats = state?.stats ?? { events: 0, lists: 0, relists: 0, reconnects: 0 };
    const faultLines = faultKinds
      .map((kind) => ({ kind, times: faults.filter((f) => f.kind === kind).map((f) => f.at) }))
      .filter(({ times }) => times.length > 0)
      .map(({ kind, times }) => {
        const shown = times.slice(0, demoDefaults.summaryFaultTimes).map((t) => t.toFixed(1));
        const more = times.length - shown.length;
        return `${faultNames[kind]} ×${times.length} at ${shown.join(', ')}${more > 0 ? `, … (${more} more)` : ''} s`;
      });
    io.stdout.write(
      [
        '',
        palette.bold(`rxkube demo: ${elapsed().toFixed(1)} s, ${final.serverObjects} pods`),
        `  writes           ${cluster.writes}`,
        `  events applied   ${stats.events}`,
        `  lists            ${stats.lists} (${stats.relists} relist${stats.relists === 1 ? '' : 's'})`,
        `  reconnects       ${stats.reconnects}`,
        `  faults           ${faultLines.join(`\n${' '.repeat(FAULT_INDENT)}`) || 'none'}`,
        `  divergence       ${d === undefined ? 'not synced' : d.total === 0 ? palette.green('0: the cache equals the server') : palette.red(`${d.total} (${d.missing} missing, ${d.extra} extra, ${d.stale} stale)`)}`,
        '',
      ].join('\n'),
    );
    // Ctrl-C is how an open-ended demo is meant to end: it succeeds like --duration does.
    return d?.total === 0 ? 0 : cliDefaults.exitFailure;
  } catch (error) {
    if (view) view.log(`error: ${errorSummary(error)}`);
    throw error;
  } finally {
    view?.close();
    subscription?.unsubscribe();
    for (const timer of timers) clearInterval(timer);
    await server.close();
  }
}

/** Compares until the cache equals the server, or `timeoutMs` passes (then the last result). */
async function settle<T extends { divergence: Divergence | undefined }>(
  compare: () => T,
  timeoutMs: number,
  failed: () => boolean,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = compare();
    if (result.divergence?.total === 0 || Date.now() >= deadline || failed()) return result;
    await new Promise((resolve) => setTimeout(resolve, demoDefaults.churnTickMs));
  }
}

/** Calls `log` when the health changes (a new reconnect attempt counts as a change). */
function healthChanges(
  log: (health: CollectionHealth) => void,
): (health: CollectionHealth) => void {
  let last: string | undefined;
  return (health) => {
    const id = health.status === 'reconnecting' ? `reconnecting#${health.attempt}` : health.status;
    if (id === last) return;
    last = id;
    log(health);
  };
}
