import type { KubeClient } from '@rxkube/core';
import { createClient } from '@rxkube/node';
import type { ConnectionArgs } from '../cli-args.js';

/** A client for the flags: `--server` as a plain URL, else the kubeconfig (file, context). */
export function connect(
  args: ConnectionArgs,
  env: Readonly<Record<string, string | undefined>>,
): KubeClient {
  if (args.server !== undefined) return createClient({ baseUrl: args.server, env });
  return createClient({
    env,
    ...(args.kubeconfig === undefined ? {} : { kubeconfig: args.kubeconfig }),
    ...(args.context === undefined ? {} : { context: args.context }),
  });
}
