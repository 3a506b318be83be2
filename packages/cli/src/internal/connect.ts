import type { KubeClient } from '@rxkube/core';
import type { WarningHandler } from '@rxkube/core/transport';
import {
  createNodeHttpClient,
  type KubeConfig,
  type KubeConfigCluster,
  type KubeConfigUser,
  loadKubeConfig,
} from '@rxkube/node/node-http';
import { CliError } from './cli-error.js';
import type { ConnectionArgs } from './connection-args.js';

function hasOverrides(args: ConnectionArgs): boolean {
  return (
    args.server !== undefined ||
    args.cluster !== undefined ||
    args.user !== undefined ||
    args.token !== undefined ||
    args.certificateAuthority !== undefined ||
    args.insecureSkipTlsVerify !== undefined ||
    args.as !== undefined ||
    args.asGroups !== undefined
  );
}

/**
 * The kubeconfig with kubectl's command-line overrides applied: `--context` picks the context,
 * `--cluster` and `--user` replace its cluster and user, `--server`, `--certificate-authority`
 * and `--insecure-skip-tls-verify` change that cluster (keeping the user's credentials),
 * `--token`, `--as` and `--as-group` that user. Without a kubeconfig, `--server` alone makes one.
 */
export function applyConnectionFlags(config: KubeConfig, args: ConnectionArgs): KubeConfig {
  const contextName = args.context ?? config['current-context'];
  const context = config.contexts?.find((c) => c.name === contextName)?.context;
  if (args.context !== undefined && context === undefined) {
    throw new CliError(`context was not found for specified context: ${args.context}`);
  }
  const clusterName = args.cluster ?? context?.cluster;
  const userName = args.user ?? context?.user;
  const found = config.clusters?.find((c) => c.name === clusterName)?.cluster;
  if (args.cluster !== undefined && found === undefined) {
    throw new CliError(`cluster "${args.cluster}" not found in the kubeconfig`);
  }
  const foundUser = config.users?.find((u) => u.name === userName)?.user;
  if (args.user !== undefined && foundUser === undefined) {
    throw new CliError(`user "${args.user}" not found in the kubeconfig`);
  }
  let cluster: KubeConfigCluster = { ...(found ?? {}) };
  if (args.server !== undefined) cluster = { ...cluster, server: args.server };
  if (args.certificateAuthority !== undefined) {
    const { 'certificate-authority-data': _data, ...rest } = cluster;
    cluster = { ...rest, 'certificate-authority': args.certificateAuthority };
  }
  if (args.insecureSkipTlsVerify) {
    const { 'certificate-authority-data': _d, 'certificate-authority': _f, ...rest } = cluster;
    cluster = { ...rest, 'insecure-skip-tls-verify': true };
  }
  if (cluster.server === undefined) {
    throw new CliError(
      contextName === undefined
        ? 'no server given: set a current context in the kubeconfig, or use --server'
        : `the context "${contextName}" has no cluster with a server`,
    );
  }
  let user: KubeConfigUser = { ...(foundUser ?? {}) };
  if (args.token !== undefined) {
    const { tokenFile: _file, exec: _exec, 'auth-provider': _provider, ...rest } = user;
    user = { ...rest, token: args.token };
  }
  if (args.as !== undefined) user = { ...user, as: args.as };
  if (args.asGroups !== undefined) user = { ...user, 'as-groups': args.asGroups };
  if (user['as-groups'] !== undefined && user.as === undefined) {
    throw new CliError('requesting groups without impersonating a user: add --as');
  }
  // The entries keep the names the kubeconfig gives them, and what the flags alone make is
  // named after the server given: a message then names only what the user wrote.
  const clusterEntry = clusterName ?? cluster.server;
  const userEntry = userName ?? clusterEntry;
  const contextEntry = contextName ?? clusterEntry;
  return {
    ...config,
    clusters: [...others(config.clusters, clusterEntry), { name: clusterEntry, cluster }],
    users: [...others(config.users, userEntry), { name: userEntry, user }],
    contexts: [
      ...others(config.contexts, contextEntry),
      {
        name: contextEntry,
        context: {
          cluster: clusterEntry,
          user: userEntry,
          ...(context?.namespace === undefined ? {} : { namespace: context.namespace }),
        },
      },
    ],
    'current-context': contextEntry,
  };
}

/** The named entries but the one named `name`, which the flags replace. */
function others<T extends { readonly name: string }>(
  entries: readonly T[] | undefined,
  name: string,
): T[] {
  return (entries ?? []).filter((entry) => entry.name !== name);
}

/**
 * A client for the flags: the kubeconfig (file, context) with kubectl's overrides applied, on
 * Node's own HTTP client (a command starts several times faster than with undici). `onWarning`
 * is told of the server's `Warning` headers.
 */
export function connect(
  args: ConnectionArgs,
  env: Readonly<Record<string, string | undefined>>,
  onWarning?: WarningHandler,
): KubeClient {
  const warnings = onWarning === undefined ? {} : { onWarning };
  if (!hasOverrides(args)) {
    return createNodeHttpClient({
      env,
      ...warnings,
      ...(args.kubeconfig === undefined ? {} : { kubeconfig: args.kubeconfig }),
      ...(args.context === undefined ? {} : { context: args.context }),
    });
  }
  const config = applyConnectionFlags(
    loadKubeConfig({
      env,
      ...(args.kubeconfig === undefined ? {} : { kubeconfig: args.kubeconfig }),
    }),
    args,
  );
  return createNodeHttpClient({ env, ...warnings, kubeconfig: config });
}
