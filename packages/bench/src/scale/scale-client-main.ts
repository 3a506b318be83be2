import { performance } from 'node:perf_hooks';
import { type CollectionState, cachedCollection$ } from '@rxkube/core';
import { createClient } from '@rxkube/node';
import type { Subscription } from 'rxjs';
import { IpcChannel } from '../ipc/ipc-channel.js';
import type {
  ScaleCommand,
  ScaleJob,
  ScaleMeasureReply,
  ScaleSnapshot,
  ScaleStartReply,
} from './scale-messages.js';

/**
 * A scale client process: many live collections over one client (one undici pool), with the
 * process's sockets, timers, heap and CPU time measured at rest and while objects change.
 * Needs `--expose-gc`.
 */

const job = JSON.parse(process.argv[2] ?? '{}') as ScaleJob;
const exposedGc = (globalThis as { gc?: () => void }).gc;
if (exposedGc === undefined) throw new Error('scale processes need --expose-gc');
const gc: () => void = exposedGc;

const transport = job.allowH2 === undefined ? {} : { transport: { allowH2: job.allowH2 } };
const client = (() => {
  if (job.kubeconfig !== undefined) {
    return createClient({ kubeconfig: job.kubeconfig, ...transport });
  }
  if (job.url === undefined) throw new Error('a scale job needs a url or a kubeconfig');
  return createClient({ baseUrl: job.url, ...transport });
})();

async function snapshot(): Promise<ScaleSnapshot> {
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  const resources = process.getActiveResourcesInfo();
  const count = (name: string) => resources.filter((r) => r === name).length;
  return {
    sockets: count('TCPSocketWrap') + count('TLSWrap'),
    timers: count('Timeout'),
    heapBytes: process.memoryUsage().heapUsed,
  };
}

const latest: (CollectionState | undefined)[] = job.refs.map(() => undefined);
const subscriptions: Subscription[] = [];
let applied = 0;

/**
 * One collection synced and dropped first, so that code compiled and connections set up on first
 * use are in the baseline rather than counted per collection.
 */
async function warmUp(): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const [ref] = job.refs;
    if (ref === undefined) throw new Error('the scale job names no collection');
    const subscription = cachedCollection$(client, ref).subscribe({
      next: () => {
        resolve();
        queueMicrotask(() => subscription.unsubscribe());
      },
      error: reject,
    });
  });
}

async function start(): Promise<ScaleStartReply> {
  await warmUp();
  const before = await snapshot();
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    let synced = 0;
    job.refs.forEach((ref, i) => {
      subscriptions.push(
        cachedCollection$(client, ref).subscribe({
          next: (state) => {
            const first = latest[i] === undefined;
            latest[i] = state;
            if (!first) applied += state.deltas.length;
            else if (++synced === job.refs.length) resolve();
          },
          error: reject,
        }),
      );
    });
  });
  const syncMs = performance.now() - started;
  const objects = latest.reduce((sum, state) => sum + (state?.items.size ?? 0), 0);
  return { syncMs, before, after: await snapshot(), objects };
}

let armed = process.cpuUsage();
let armedApplied = 0;

async function measure(ms: number): Promise<ScaleMeasureReply> {
  const cpu = process.cpuUsage();
  const from = applied;
  await new Promise((resolve) => setTimeout(resolve, ms));
  const used = process.cpuUsage(cpu);
  return {
    cpuMs: (used.user + used.system) / 1000,
    applied: applied - from,
    snapshot: await snapshot(),
  };
}

async function seen(count: number): Promise<ScaleMeasureReply> {
  while (applied - armedApplied < count) await new Promise((resolve) => setTimeout(resolve, 5));
  const used = process.cpuUsage(armed);
  return {
    cpuMs: (used.user + used.system) / 1000,
    applied: applied - armedApplied,
    snapshot: await snapshot(),
  };
}

const channel = new IpcChannel(process);
channel.serve(async (body) => {
  const command = body as ScaleCommand;
  switch (command.type) {
    case 'start':
      return start();
    case 'measure':
      return measure(command.ms);
    case 'arm':
      armed = process.cpuUsage();
      armedApplied = applied;
      return {};
    case 'seen':
      return seen(command.count);
    case 'stop':
      for (const s of subscriptions) s.unsubscribe();
      await (client.transport as { close?: () => Promise<void> }).close?.();
      setImmediate(() => process.exit(0));
      return {};
  }
});
process.on('disconnect', () => process.exit(0));
process.send?.({ kind: 'ready' });
