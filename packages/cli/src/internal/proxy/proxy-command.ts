import type { CliIo } from '../../cli-io.js';
import { connect } from '../connect.js';
import { checkKubeconfig, kubectlError } from '../kubectl-error.js';
import { escapeLine } from '../print/escape-terminal.js';
import { descriptorLimit } from './descriptor-limit.js';
import { isLoopback, type ProxyArgs } from './proxy-args.js';
import { proxyCaps } from './proxy-caps.js';
import { startProxyServer } from './start-proxy-server.js';

/**
 * `rxkube proxy`: serves the API server on a local port with the kubeconfig's credentials (as
 * `kubectl proxy`), plus the multiplexing WebSocket, until the signal aborts it.
 */
export async function proxyCommand(args: ProxyArgs, io: CliIo): Promise<'aborted'> {
  const caps = proxyCaps(descriptorLimit(), {
    ...(args.maxStreams === undefined ? {} : { maxStreams: args.maxStreams }),
    ...(args.maxStreamsPerClient === undefined
      ? {}
      : { maxStreamsPerClient: args.maxStreamsPerClient }),
  });
  let server: Awaited<ReturnType<typeof startProxyServer>>;
  try {
    const client = checkKubeconfig(args, io.env, () => connect(args, io.env));
    server = await startProxyServer({
      transport: client.transport,
      port: args.port,
      address: args.address,
      apiPrefix: args.apiPrefix,
      wwwPrefix: args.wwwPrefix,
      allowOrigins: args.allowOrigins,
      filter: args.filter,
      caps,
      ...(args.www === undefined ? {} : { www: args.www }),
    });
  } catch (error) {
    throw kubectlError(error);
  }
  if (!isLoopback(args.address)) {
    // As loud as kubectl proxy's warning when its filter is off: this is the same exposure.
    io.stderr.write(
      `warning: serving on ${escapeLine(args.address)}, reachable from other machines: anyone who can reach it can use the cluster with your credentials (the Host check of --accept-hosts only stops browsers' DNS rebinding). Serve on 127.0.0.1 unless you mean it.\n`,
    );
  }
  io.stdout.write(`Starting to serve on ${escapeLine(`${server.address}:${server.port}`)}\n`);
  await new Promise<void>((resolve) => {
    if (io.signal.aborted) resolve();
    else io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.close();
  return 'aborted';
}
