import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { isKubeError } from '@rxkube/core';
import { CliError, isCliError } from './cli-error.js';
import type { ConnectionArgs } from './connection-args.js';
import { ServerError } from './server-error.js';

/** `host:port` of a URL in a message, as kubectl names the server. */
function hostOf(message: string): string {
  const url = /https?:\/\/([^/\s]+)/.exec(message);
  return url?.[1] ?? 'the server';
}

/**
 * The one line kubectl would print for a failure to reach or use the server: a refused
 * connection, a plain-HTTP answer on an HTTPS URL, an untrusted certificate, 401 and 403.
 * Anything else is returned as it is.
 */
export function kubectlError(error: unknown): unknown {
  if (error instanceof ServerError && error.code === 401) {
    return new CliError('You must be logged in to the server (Unauthorized)');
  }
  if (!(error instanceof Error) || isCliError(error)) return error;
  const message = error.message;
  if (isKubeError(error) && error.code === 401) {
    return new CliError('You must be logged in to the server (Unauthorized)');
  }
  if (isKubeError(error) && error.code !== undefined && error.status !== undefined) {
    return ServerError.from(error);
  }
  if (/ECONNREFUSED/.test(message)) {
    return new CliError(
      `The connection to the server ${hostOf(message)} was refused - did you specify the right host or port?`,
    );
  }
  if (/WRONG_VERSION_NUMBER|wrong version number|packet length too long/.test(message)) {
    return new CliError(
      `Unable to connect to the server ${hostOf(message)}: it answered in plain HTTP (server gave HTTP response to HTTPS client)`,
    );
  }
  if (/UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT|UNABLE_TO_GET_ISSUER_CERT/.test(message)) {
    return new CliError(
      `Unable to connect to the server ${hostOf(message)}: x509: certificate signed by unknown authority`,
    );
  }
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) {
    return new CliError(`Unable to connect to the server ${hostOf(message)}: no such host`);
  }
  return error;
}

/**
 * Connects with `open`, saying a kubeconfig that is missing or empty in one line naming the file,
 * unless the flags name a server on their own. A missing file is checked before `open`; whether
 * the files are empty only when `open` fails, so a run that connects reads its kubeconfig once
 * (in `open`).
 */
export function checkKubeconfig<T>(
  args: ConnectionArgs,
  env: Readonly<Record<string, string | undefined>>,
  open: () => T,
): T {
  if (args.server !== undefined) return open();
  const explicit = args.kubeconfig;
  const paths =
    explicit !== undefined
      ? [explicit]
      : env.KUBECONFIG
        ? env.KUBECONFIG.split(delimiter).filter((p) => p !== '')
        : [join(env.HOME ?? homedir(), '.kube', 'config')];
  if (env.KUBERNETES_SERVICE_HOST && explicit === undefined && !env.KUBECONFIG) return open();
  const existing = paths.filter((path) => existsSync(path));
  if (existing.length === 0) {
    throw new CliError(
      paths.length === 1
        ? `kubeconfig ${paths[0]} does not exist: set KUBECONFIG, or use --kubeconfig or --server`
        : `none of the kubeconfig files in KUBECONFIG exists (${paths.join(', ')})`,
    );
  }
  try {
    return open();
  } catch (error) {
    const empty = existing.every((path) => {
      try {
        return readFileSync(path, 'utf8').trim() === '';
      } catch {
        return false;
      }
    });
    if (!empty) throw error;
    throw new CliError(
      `kubeconfig ${existing.join(', ')} is empty: no cluster is configured (use --server, or a kubeconfig with a current context)`,
    );
  }
}
