import { cliDefaults } from '../../cli-defaults.js';
import type { CliIo } from '../../cli-io.js';
import type { GetArgs } from '../cli-args.js';
import { CliError } from '../cli-error.js';
import { checkKubeconfig, kubectlError } from '../kubectl-error.js';
import { connect } from './connect.js';
import { getOnce } from './get-once.js';
import { discoverAll, resolveRequests } from './resolve-requests.js';

/** `rxkube get`: resolve the resource, then list it once or keep it live with `-w`. */
export async function getCommand(args: GetArgs, io: CliIo): Promise<'completed' | 'aborted'> {
  try {
    return await get(args, io);
  } catch (error) {
    throw kubectlError(error);
  }
}

async function get(args: GetArgs, io: CliIo): Promise<'completed' | 'aborted'> {
  checkKubeconfig(args, io.env);
  const client = connect(args, io.env);
  const debug = (line: string) => {
    if (args.debug) io.stderr.write(`rxkube: ${line}\n`);
  };
  const resolved = await resolveRequests(
    [args.resource, ...args.names],
    discoverAll(client, io.signal, debug),
  );
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
