#!/usr/bin/env node
import type { CollectionHealth } from '@rxkube/core';
import { createClient } from '@rxkube/node';
import { timer } from 'rxjs';
import type { ControllerEvent } from './controller-event.js';
import { annotateCrashLoop } from './crash-loop-annotation.js';
import { crashLoopController$ } from './crash-loop-controller.js';
import { type EmbeddedCluster, startEmbeddedCluster } from './embedded-cluster.js';
import { parseExampleArgs } from './parse-example-args.js';
import { recordCrashLoopEvent } from './record-crash-loop-event.js';

const HELP = `Reacts to pods entering CrashLoopBackOff.

  pnpm --filter @rxkube/example-node-controller start [-- options]

  (default)              an embedded API server with churning pods, in this process
  --real                 the current context of your kubeconfig (also: KUBECONFIG set)
  --kubeconfig <file>    this kubeconfig file alone
  --context <name>       another context of the kubeconfig
  --embedded             the embedded server even when KUBECONFIG is set
  -n, --namespace <ns>   one namespace (real cluster default: the context's)
  -A, --all-namespaces   every namespace (embedded default)
  --act                  on a real cluster: record a Warning Event on each crash-looping pod,
                         annotate it (server-side apply) and clear the annotation on recovery
  --duration <seconds>   stop after that long
`;

// Piped into `head` and the like: stop quietly when the reader goes away.
process.stdout.on('error', () => process.exit(0));

const args = (() => {
  try {
    return parseExampleArgs(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${messageOf(error)}\n\n${HELP}`);
    process.exit(2);
  }
})();
if (args.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

let cluster: EmbeddedCluster | undefined;
let client: ReturnType<typeof createClient>;
if (args.mode === 'embedded') {
  cluster = await startEmbeddedCluster();
  client = createClient({ baseUrl: cluster.server.url });
  log(`embedded API server at ${cluster.server.url}: pods churning, faults injected`);
} else {
  try {
    client = createClient({
      ...(args.kubeconfig === undefined ? {} : { kubeconfig: args.kubeconfig }),
      ...(args.context === undefined ? {} : { context: args.context }),
    });
  } catch (error) {
    // A KubeConfigError says what is missing or wrong, never a credential.
    process.stderr.write(`cannot connect: ${messageOf(error)}\n`);
    process.exit(1);
  }
  log(`real cluster${args.act ? '' : ' (read-only: pass --act to record Events and annotate)'}`);
}

const namespace = args.allNamespaces
  ? undefined
  : (args.namespace ?? (args.mode === 'real' ? client.namespace : undefined));
const counts = { entered: 0, recovered: 0, gone: 0, acted: 0, failed: 0 };

const subscription = crashLoopController$(client, {
  ...(namespace === undefined ? {} : { namespace }),
  ...(args.act
    ? {
        act: async (entered) => {
          const event = await recordCrashLoopEvent(client, entered);
          return `recorded Event ${event}, ${await annotateCrashLoop(client, entered)}`;
        },
        actOnRecovery: (recovered) => annotateCrashLoop(client, recovered),
      }
    : {}),
}).subscribe({
  next: report,
  error: (error: unknown) => {
    log(`failed: ${messageOf(error)}`);
    void shutdown(1);
  },
});

const stopAfter =
  args.durationMs === undefined ? undefined : timer(args.durationMs).subscribe(() => shutdown(0));
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

function report(event: ControllerEvent): void {
  switch (event.type) {
    case 'synced':
      log(
        `synced: ${event.pods} pods in ${namespace ?? 'all namespaces'}, ${event.crashLooping} crash-looping`,
      );
      break;
    case 'health':
      log(
        `health: ${describeHealth(event.health)} (${event.stats.relists} relists, ${event.stats.reconnects} reconnects)`,
      );
      break;
    case 'entered':
      counts.entered++;
      log(
        `CrashLoopBackOff: ${event.key} (container ${event.containers.join(', ')}, restarts: ${event.restarts})`,
      );
      break;
    case 'recovered':
      counts.recovered++;
      log(`recovered: ${event.key}`);
      break;
    case 'gone':
      counts.gone++;
      log(`deleted while crash-looping: ${event.key}`);
      break;
    case 'acted':
      counts.acted++;
      log(`acted on ${event.key}: ${event.outcome}`);
      break;
    case 'action-failed':
      counts.failed++;
      log(`could not act on ${event.key}: ${messageOf(event.error)}`);
      break;
  }
}

function describeHealth(health: CollectionHealth): string {
  switch (health.status) {
    case 'reconnecting':
      return `reconnecting, attempt ${health.attempt} in ${Math.round(health.delayMs)} ms`;
    case 'relisting':
      return `relisting${health.error ? ` after ${health.error.reason}` : ''}`;
    default:
      return health.status;
  }
}

let stopping = false;
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  subscription.unsubscribe();
  stopAfter?.unsubscribe();
  await client.transport.destroy();
  await cluster?.stop();
  log(
    `done: ${counts.entered} pods entered CrashLoopBackOff, ${counts.recovered} recovered, ` +
      `${counts.gone} deleted, ${counts.acted} actions (Events recorded, annotations set or cleared), ${counts.failed} failed`,
  );
  process.exitCode = code;
}

function log(line: string): void {
  process.stdout.write(`${new Date().toISOString().slice(11, 23)} ${line}\n`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
