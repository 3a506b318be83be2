import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { createBenchClient } from '../clients/create-bench-client.js';
import { IpcChannel } from '../ipc/ipc-channel.js';
import type { AwaitReply, ClientCommand, ClientJob, StartReply } from './client-messages.js';
import { CollectorPauses } from './collector-pauses.js';
import { CpuProfiler } from './cpu-profiler.js';
import { MarkCounter } from './mark-counter.js';

/**
 * A client process: one client under test, forked fresh for each measurement so that its heap
 * and RSS are its own. Needs `--expose-gc`.
 */

const job = JSON.parse(process.argv[2] ?? '{}') as ClientJob;
const exposedGc = (globalThis as { gc?: () => void }).gc;
if (exposedGc === undefined) throw new Error('client processes need --expose-gc');
const gc: () => void = exposedGc;

/** Compiled code: kept by the process whatever the cache holds, and compiled at its own pace. */
const CODE_SPACES = new Set(['code_space', 'code_large_object_space']);

/** The heap in use outside the code spaces. */
function dataHeapUsed(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (!CODE_SPACES.has(space.space_name)) used += space.space_used_size;
  }
  return used;
}

/**
 * The heap the process holds as data: the least seen over rounds of full collections, stopping
 * once three rounds in a row found no less. Between two rounds the heap still moves by a few
 * hundred kilobytes whatever the client holds (optimised code lands, bookkeeping comes and goes),
 * so a single reading is off by that much; the least of several is what is truly held.
 */
async function settledHeap(): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let round = 0, unchanged = 0; round < 10 && unchanged < 3; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    const used = dataHeapUsed();
    if (used < least) {
      least = used;
      unchanged = 0;
    } else unchanged++;
  }
  return least;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const consumers = job.spec.subscribers ?? 1;
const counter = new MarkCounter(consumers);
const options = { url: job.url, pageSize: job.pageSize, subscribers: consumers };
const client = await createBenchClient(job.spec, { ...options, onApplied: counter.applied });
let armedCpu = process.cpuUsage();
const profiler = job.cpuProfile === undefined ? undefined : new CpuProfiler();
const pauses = new CollectorPauses();

/** What the first sync of the process showed. */
interface FirstSync {
  readonly syncMs: number;
  readonly syncCpuMs: number;
  readonly peakRssBytes: number;
  /** Heap used as data after full GCs while the instance still holds its cache. */
  readonly heldHeapBytes: number;
}

/**
 * The first sync of this fresh process, by a throwaway instance of the client under test: its
 * time, CPU and peak RSS, and the heap its cache holds, measured as what is freed when the
 * instance is stopped and dropped. That leaves out what the process keeps whatever the cache
 * holds (compiled code, parsers, schemas, the HTTP machinery), which grows with the size of the
 * client's code, not with the number of objects. It also warms the client up: code is compiled
 * and the heap grown before the measured sync.
 */
async function firstSync(): Promise<FirstSync> {
  const first = await createBenchClient(job.spec, { ...options, onApplied: () => {} });
  const cpu = process.cpuUsage();
  const started = performance.now();
  await first.start();
  const syncMs = performance.now() - started;
  const syncCpuMs = cpuMs(cpu);
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  const holding = await settledHeap();
  await first.stop();
  return { syncMs, syncCpuMs, peakRssBytes, heldHeapBytes: holding };
}

async function start(): Promise<StartReply> {
  const first = await firstSync();
  // The first instance is unreachable now: what is freed is what its cache held.
  const released = await settledHeap();
  await profiler?.start();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await client.start();
  const syncMs = performance.now() - started;
  const syncCpuMs = cpuMs(cpu);
  await profiler?.stop(`${job.cpuProfile}-sync.cpuprofile`);
  if (job.heapSnapshot !== undefined) writeHeapSnapshot(job.heapSnapshot);
  return {
    syncMs,
    syncCpuMs,
    size: client.size(),
    firstSyncMs: first.syncMs,
    firstSyncCpuMs: first.syncCpuMs,
    peakRssBytes: first.peakRssBytes,
    retainedHeapBytes: first.heldHeapBytes - released,
  };
}

async function awaitMarks(): Promise<AwaitReply> {
  const times = await counter.done;
  const cpu = cpuMs(armedCpu);
  const collector = await pauses.within(times.firstAt, times.doneAt);
  return {
    armedToDoneMs: times.doneAt - times.armedAt,
    firstToDoneMs: times.doneAt - times.firstAt,
    cpuMs: cpu,
    collectorMs: collector.ms,
    youngCollectorMs: collector.youngMs,
    collections: collector.count,
  };
}

/** A step of the client (a sync, a burst) that takes longer fails the run, saying where it stood. */
const STALL_MS = 300_000;

/** `step`, failed with what the client was doing if it takes longer than `STALL_MS`. */
async function unlessStalled<R>(name: string, step: Promise<R>): Promise<R> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new Error(
          `${name} of ${JSON.stringify(job.spec)} made no end in ${STALL_MS / 1000} s: ${client.describe?.() ?? `${client.size()} cached`}; ${counter.progress()}; open: ${process.getActiveResourcesInfo().join(', ')}`,
        ),
      );
    }, STALL_MS);
  });
  try {
    return await Promise.race([step, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

const channel = new IpcChannel(process);
channel.serve(async (body) => {
  const command = body as ClientCommand;
  switch (command.type) {
    case 'start':
      return unlessStalled('the start', start());
    case 'arm':
      await unlessStalled('the watch', client.watching?.() ?? Promise.resolve());
      await profiler?.start();
      armedCpu = process.cpuUsage();
      counter.arm(command.marker, command.count);
      return {};
    case 'await':
      return unlessStalled('the burst', awaitMarks());
    case 'stop':
      await profiler?.stop(`${job.cpuProfile}-events.cpuprofile`);
      await client.stop();
      setImmediate(() => process.exit(0));
      return {};
  }
});
process.on('disconnect', () => process.exit(0));
process.send?.({ kind: 'ready' });
