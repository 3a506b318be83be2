import { statSync } from 'node:fs';
import { delimiter } from 'node:path';
import { cachedDiscovery, discoveryCachePath } from '@rxkube/node/node-http';
import { cliDefaults } from '../../cli-defaults.js';
import type { CliIo } from '../../cli-io.js';
import type { GetArgs } from '../cli-args.js';
import { CliError, isCliError } from '../cli-error.js';
import { connect } from '../connect.js';
import { checkKubeconfig, kubectlError } from '../kubectl-error.js';
import { warningPrinter } from '../print/warning-printer.js';
import { getOnce } from './get-once.js';
import { discoverAll, type ResolvedRequests, resolveRequests } from './resolve-requests.js';

/** `rxkube get`: resolve the resource, then list it once or keep it live with `-w`. */
export async function getCommand(args: GetArgs, io: CliIo): Promise<'completed' | 'aborted'> {
  try {
    return await get(args, io);
  } catch (error) {
    throw kubectlError(error);
  }
}

async function get(args: GetArgs, io: CliIo): Promise<'completed' | 'aborted'> {
  const client = checkKubeconfig(args, io.env, () =>
    connect(args, io.env, warningPrinter(io.stderr, io.env)),
  );
  const debug = (line: string) => {
    if (args.debug) io.stderr.write(`rxkube: ${line}\n`);
  };
  const positionals = [args.resource, ...args.names];
  const fromServer = discoverAll(client, io.signal, debug);
  const cache = cachedDiscovery({
    path: discoveryCachePath(io.env, cacheKey(args, io.env)),
    discover: fromServer,
    ttlMs: cliDefaults.discoveryCacheTtlMs,
  });
  let resolved: ResolvedRequests;
  try {
    resolved = await resolveRequests(positionals, cache.discover);
  } catch (error) {
    // A type the cached discovery does not know may be new: read the server again, once.
    if (!cache.usedCache || !isCliError(error)) throw error;
    debug('a resource type missing from the discovery cache: reading discovery again');
    resolved = await resolveRequests(positionals, cache.fresh);
  }
  const namespaceOfRequest = args.allNamespaces
    ? undefined
    : (args.namespace ?? client.namespace ?? cliDefaults.namespace);
  if (!args.watch) return getOnce(client, args, resolved, namespaceOfRequest, io);
  const [only, ...others] = resolved.requests;
  if (only === undefined || others.length > 0) {
    throw new CliError(
      `watch is only supported on individual resources and resource collections, but ${resolved.requests.length} resources were found`,
    );
  }
  const { getWatch } = await import('./get-watch.js');
  return getWatch(client, args, only, io);
}

/** What identifies a connection's discovery: the flags and kubeconfig that choose the server. */
function cacheKey(args: GetArgs, env: Readonly<Record<string, string | undefined>>): string {
  const kubeconfig = args.kubeconfig ?? env.KUBECONFIG ?? '~/.kube/config';
  let modified = 0;
  for (const path of kubeconfig.split(delimiter)) {
    try {
      modified += statSync(path).mtimeMs;
    } catch {
      // absent: the key still names it
    }
  }
  return JSON.stringify([args.server, kubeconfig, modified, args.context, args.cluster]);
}
