import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the discovery of one connection is kept: `$XDG_CACHE_HOME/rxkube/discovery/<hash>.json`
 * (`~/.cache` when `XDG_CACHE_HOME` is unset), the file name a hash of `key` — whatever identifies
 * the connection (server URL, user, kubeconfig), so that two clusters never share a file.
 *
 * @example
 * ```ts
 * import { discoveryCachePath } from '@rxkube/node';
 * const path = discoveryCachePath(process.env, 'https://10.0.0.1:6443 admin');
 * ```
 */
export function discoveryCachePath(
  env: Readonly<Record<string, string | undefined>>,
  key: string,
): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(
    base,
    'rxkube',
    'discovery',
    `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`,
  );
}
