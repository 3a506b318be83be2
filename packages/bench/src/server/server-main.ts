import { performance } from 'node:perf_hooks';
import { FakeApiServer, realisticPod } from '@rxkube/testing';
import { benchAnnotations } from '../bench-annotations.js';
import { IpcChannel } from '../ipc/ipc-channel.js';
import type { SeedReply, ServerCommand, StatsReply, WriteReply } from './server-messages.js';

/**
 * The server process: one FakeApiServer at a time, driven over IPC by the benchmark process.
 * Runs apart from the clients so that serving does not compete with them for a core.
 */

const PODS = { version: 'v1', resource: 'pods' } as const;
/** No periodic bookmark lands inside a measurement. */
const BOOKMARK_INTERVAL_MS = 3_600_000;
/**
 * Events released in one go must stay below the fake's 256 MiB cut-off for slow watchers:
 * 40 000 pods of ~2.7 KB are ~110 MB.
 */
const MAX_RELEASE_EVENTS = 40_000;

let server: FakeApiServer | undefined;
let podCount = 0;
let sequence = 0;
async function seed(count: number): Promise<SeedReply> {
  await server?.close();
  const started = performance.now();
  server = await FakeApiServer.start({ bookmarkIntervalMs: BOOKMARK_INTERVAL_MS });
  const pods = function* () {
    for (let i = 0; i < count; i++) yield realisticPod(i);
  };
  server.bulkCreate(PODS, pods());
  podCount = count;
  const seedMs = performance.now() - started;
  const sample = await fetch(`${server.url}/api/v1/pods?limit=100`).then((r) => r.text());
  const items = (JSON.parse(sample) as { items: unknown[] }).items;
  const bytesPerPod = items.reduce<number>((sum, item) => sum + JSON.stringify(item).length, 0);
  return {
    url: server.url,
    count,
    seedMs,
    bytesPerPod: bytesPerPod / Math.max(1, items.length),
    managedFields: sample.includes('"managedFields":'),
  };
}

/** The server of the last `seed`: writes come only after one. */
function seeded(): FakeApiServer {
  if (server === undefined) throw new Error('the bench server was asked to write before a seed');
  return server;
}

function modify(fake: FakeApiServer, index: number, marker: string): void {
  const pod = realisticPod(index);
  sequence++;
  pod.metadata.annotations = {
    [benchAnnotations.mark]: marker,
    [benchAnnotations.seq]: String(sequence),
  };
  fake.update(PODS, pod);
}

function burst(count: number, marker: string): WriteReply {
  if (count > MAX_RELEASE_EVENTS) {
    throw new Error(`a burst releases at most ${MAX_RELEASE_EVENTS} events at once`);
  }
  const fake = seeded();
  const started = performance.now();
  fake.faults.stallWatches();
  for (let i = 0; i < count; i++) modify(fake, (sequence + 1) % podCount, marker);
  const writeMs = performance.now() - started;
  fake.faults.stallWatches({ stalled: false });
  return { count, writeMs };
}

function relist(count: number, marker: string): WriteReply {
  const fake = seeded();
  const started = performance.now();
  // Stalled, the open watches hold the changes back; ending them drops what they held.
  fake.faults.stallWatches();
  const stride = Math.max(1, Math.floor(podCount / count));
  for (let i = 0; i < count; i++) modify(fake, (i * stride) % podCount, marker);
  fake.faults.compact();
  fake.faults.endWatches();
  fake.faults.stallWatches({ stalled: false });
  return { count, writeMs: performance.now() - started };
}

function stats(): StatsReply {
  return {
    openWatches: server?.openWatches ?? 0,
    lists: server?.count('list') ?? 0,
    watches: server?.count('watch') ?? 0,
    resourceVersion: server?.resourceVersion ?? '',
  };
}

const channel = new IpcChannel(process);
channel.serve(async (body) => {
  const command = body as ServerCommand;
  switch (command.type) {
    case 'seed':
      return seed(command.count);
    case 'burst':
      return burst(command.count, command.marker);
    case 'relist':
      return relist(command.count, command.marker);
    case 'stats':
      return stats();
  }
});
process.on('disconnect', () => {
  void server?.close().finally(() => process.exit(0));
});
process.send?.({ kind: 'ready' });
