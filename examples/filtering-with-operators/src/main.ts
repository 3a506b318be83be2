#!/usr/bin/env node
import { cachedCollection$, dropManagedFields, shareCollection } from '@rxkube/core';
import {
  connectExample,
  connectionHelp,
  logLine as log,
  messageOf,
  type Pod,
  parseExampleArgs,
  readExampleArgs,
  stopOnSignal,
} from '@rxkube/example-shared';
import { map, mergeMap } from 'rxjs';
import { debouncedFeed } from './debounced-feed.js';
import { startEmbeddedCluster } from './embedded-cluster.js';
import { nodeSummary } from './node-summary.js';
import { notReadyPods } from './not-ready-pods.js';
import { podProblem } from './pod-problem.js';
import { podsByNode } from './pods-by-node.js';

const HELP = `Two live views of one pod collection: not-ready pods (an incremental filter), and
pods per node (an index) as a debounced summary feed.

  pnpm --filter @rxkube/example-filtering-with-operators start [-- options]

${connectionHelp(25)}  --duration <seconds>   stop after that long
`;
/** The summary feed: a line once the collection has been quiet this long… */
const SUMMARY_QUIET_MS = 300;
/** …and at least this often while it is busy. */
const SUMMARY_MAX_WAIT_MS = 1500;

const args = readExampleArgs(() => parseExampleArgs(process.argv.slice(2), process.env), HELP);
const { cluster, connect, namespace } = await connectExample(args, {
  startEmbedded: () => startEmbeddedCluster(),
  realNote: ' (read-only)',
});
const client = connect();

// One list+watch, shared by every view below.
const pods$ = cachedCollection$<Pod>(
  client,
  { version: 'v1', resource: 'pods', ...(namespace === undefined ? {} : { namespace }) },
  { transform: dropManagedFields },
).pipe(shareCollection());

// View 1: pods that are not ready, as they come and go.
const notReady = pods$
  .pipe(
    notReadyPods(),
    mergeMap((state) => state.deltas),
  )
  .subscribe((delta) => {
    if (delta.type === 'added') log(`[not ready] + ${delta.key} (${podProblem(delta.object)})`);
    else if (delta.type === 'deleted') log(`[not ready] - ${delta.key}`);
    else if (podProblem(delta.object) !== podProblem(delta.previous)) {
      log(
        `[not ready] ~ ${delta.key} (${podProblem(delta.previous)} -> ${podProblem(delta.object)})`,
      );
    }
  });

// View 2: pods per node, debounced into a summary line.
const summary = pods$
  .pipe(
    podsByNode(),
    debouncedFeed({ quietMs: SUMMARY_QUIET_MS, maxWaitMs: SUMMARY_MAX_WAIT_MS }),
    map(
      (state) =>
        `[nodes] ${nodeSummary(state)} · ${state.deltas.length} changes, ${state.health.status}`,
    ),
  )
  .subscribe({
    next: log,
    error: (error: unknown) => {
      log(`failed: ${messageOf(error)}`);
      void shutdown(1);
    },
  });

const stopAfter = stopOnSignal(args.durationMs, shutdown);

let stopping = false;
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  notReady.unsubscribe();
  summary.unsubscribe();
  stopAfter?.unsubscribe();
  await client.transport.destroy();
  await cluster?.stop();
  log('done');
  process.exitCode = code;
}
