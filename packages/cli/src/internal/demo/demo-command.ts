import { type CollectionState, collectionUpdates$, type KubeObject } from '@rxkube/core';
import { monotonicScheduler, scheduleAfter } from '@rxkube/core/time';
import { createNodeHttpClient } from '@rxkube/node/node-http';
import { FakeApiServer } from '@rxkube/testing';
import type { Subscription } from 'rxjs';
import { cliDefaults } from '../../cli-defaults.js';
import type { CliIo } from '../../cli-io.js';
import type { DemoArgs } from '../cli-args.js';
import { errorSummary, healthChangeText } from '../render/health-text.js';
import { createPalette } from '../render/palette.js';
import { startChurn } from './churn-driver.js';
import { demoNamespaces } from './demo-apps.js';
import { DemoCluster, podsRef } from './demo-cluster.js';
import { demoDefaults } from './demo-defaults.js';
import { demoLog } from './demo-log.js';
import { demoScreen } from './demo-screen.js';
import { demoSummary, type InjectedFault } from './demo-summary.js';
import type { DemoView } from './demo-view.js';
import { type Divergence, divergence } from './divergence.js';
import { FaultInjector } from './fault-injector.js';
import { scheduleFaults } from './fault-schedule.js';
import { healthChanges } from './health-changes.js';
import { Random } from './random.js';
import { settle } from './settle.js';

/** `managedFields` are bulky and never shown: the cache drops them (the `transform` option). */
function withoutManagedFields(pod: KubeObject): KubeObject {
  if (pod.metadata?.managedFields === undefined) return pod;
  const { managedFields: _dropped, ...metadata } = pod.metadata;
  return { ...pod, metadata };
}

/**
 * `rxkube demo`: a fake API server with a busy, faulty cluster in-process, and a live table of
 * its pods kept by `collectionUpdates$`, compared with the server every second. Resolves to 0
 * when, at the end, the cache equals the server. The churn is `startChurn`'s, the faults
 * `scheduleFaults`', the closing lines `demoSummary`'s.
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
  const stops: (() => void)[] = [];
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
    subscription = collectionUpdates$(createNodeHttpClient({ baseUrl: server.url }), podsRef, {
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
    const faults: InjectedFault[] = [];
    stops.push(
      startChurn({
        rate: args.rate,
        tickMs: demoDefaults.churnTickMs,
        checkIntervalMs: demoDefaults.checkIntervalMs,
        write: (now) => cluster.step(now),
        check: () => shown.check({ at: elapsed(), ...compare() }),
        live: () => state !== undefined,
      }),
    );
    await new Promise<void>((resolve) => {
      wake = resolve;
      io.signal.addEventListener('abort', () => resolve(), { once: true });
      wentLive = () => {
        if (args.faults) {
          stops.push(
            scheduleFaults(args.faultEverySeconds * 1_000, () =>
              faults.push({ kind: injector.injectNext(Date.now()), at: elapsed() }),
            ),
          );
        }
        if (args.durationSeconds !== undefined) {
          const duration = scheduleAfter(monotonicScheduler, args.durationSeconds * 1_000, resolve);
          stops.push(() => duration.unsubscribe());
        }
      };
      if (state !== undefined) wentLive();
      if (failure !== undefined) resolve();
    });
    for (const stop of stops) stop();
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

    io.stdout.write(
      demoSummary(
        {
          elapsedSeconds: elapsed(),
          serverObjects: final.serverObjects,
          writes: cluster.writes,
          stats: state?.stats ?? { events: 0, lists: 0, relists: 0, reconnects: 0 },
          faults,
          divergence: final.divergence,
        },
        palette,
      ),
    );
    // Ctrl-C is how an open-ended demo is meant to end: it succeeds like --duration does.
    return final.divergence?.total === 0 ? 0 : cliDefaults.exitFailure;
  } catch (error) {
    if (view) view.log(`error: ${errorSummary(error)}`);
    throw error;
  } finally {
    view?.close();
    subscription?.unsubscribe();
    for (const stop of stops) stop();
    await server.close();
  }
}
