import { performance } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { createBenchClient } from '../clients/create-bench-client.js';
import { IpcChannel } from '../ipc/ipc-channel.js';
import type { AwaitReply, ClientCommand, ClientJob, StartReply } from './client-messages.js';
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

/** Full collections until the heap stops shrinking (weak and finalised objects go in rounds). */
async function settledHeap(): Promise<number> {
  let previous = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    const used = process.memoryUsage().heapUsed;
    if (used >= previous) return used;
    previous = used;
  }
  return previous;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/**
 * Pods of one ReplicaSet (see realisticPod): a warm-up instance of the client lists and watches
 * these first, so that code compiled and state set up on first use (parsers, schemas, the HTTP
 * machinery) is in the heap baseline rather than counted per object.
 */
const WARM_UP_SELECTOR = 'app=svc-0';

const consumers = job.spec.subscribers ?? 1;
const counter = new MarkCounter(consumers);
const client = await createBenchClient(job.spec, {
  url: job.url,
  pageSize: job.pageSize,
  subscribers: consumers,
  onApplied: counter.applied,
});
let armedCpu = process.cpuUsage();
const profiler = job.cpuProfile === undefined ? undefined : new CpuProfiler();

async function warmUp(): Promise<void> {
  const warm = await createBenchClient(job.spec, {
    url: job.url,
    pageSize: job.pageSize,
    subscribers: consumers,
    onApplied: () => {},
    labelSelector: WARM_UP_SELECTOR,
  });
  await warm.start();
  await warm.stop();
}

async function start(): Promise<StartReply> {
  await warmUp();
  const baseline = await settledHeap();
  await profiler?.start();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await client.start();
  const syncMs = performance.now() - started;
  const syncCpuMs = cpuMs(cpu);
  await profiler?.stop(`${job.cpuProfile}-sync.cpuprofile`);
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  const retainedHeapBytes = (await settledHeap()) - baseline;
  if (job.heapSnapshot !== undefined) writeHeapSnapshot(job.heapSnapshot);
  return { syncMs, size: client.size(), syncCpuMs, peakRssBytes, retainedHeapBytes };
}

async function awaitMarks(): Promise<AwaitReply> {
  const times = await counter.done;
  return {
    armedToDoneMs: times.doneAt - times.armedAt,
    firstToDoneMs: times.doneAt - times.firstAt,
    cpuMs: cpuMs(armedCpu),
  };
}

const channel = new IpcChannel(process);
channel.serve(async (body) => {
  const command = body as ClientCommand;
  switch (command.type) {
    case 'start':
      return start();
    case 'arm':
      await profiler?.start();
      armedCpu = process.cpuUsage();
      counter.arm(command.marker, command.count);
      return {};
    case 'await':
      return awaitMarks();
    case 'stop':
      await profiler?.stop(`${job.cpuProfile}-events.cpuprofile`);
      await client.stop();
      setImmediate(() => process.exit(0));
      return {};
  }
});
process.on('disconnect', () => process.exit(0));
process.send?.({ kind: 'ready' });
