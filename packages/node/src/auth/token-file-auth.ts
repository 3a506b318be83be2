import { readFile } from 'node:fs/promises';
import type { AuthProvider } from '@rxkube/core';
import { monotonicNow } from '@rxkube/core/time';
import { kubeConfigDefaults } from '../kubeconfig/kube-config-defaults.js';
import { KubeConfigError } from '../kubeconfig/kube-config-error.js';

/**
 * Options of {@link tokenFileAuth}.
 *
 * @example
 * ```ts
 * import type { TokenFileAuthOptions } from '@rxkube/node';
 * const options: TokenFileAuthOptions = { path: '/run/secrets/token', refreshMs: 30_000 };
 * ```
 */
export interface TokenFileAuthOptions {
  /** The file holding the bearer token (surrounding whitespace is ignored). */
  readonly path: string;
  /**
   * How long a read token is used before the file is read again.
   * Default {@link kubeConfigDefaults.tokenFileRefreshMs} (one minute, as client-go).
   */
  readonly refreshMs?: number;
  /** The clock of the token's age, in milliseconds; `monotonicNow` when unset (it never steps). */
  readonly now?: () => number;
}

/**
 * Bearer-token authentication from a file that is rotated underneath the process, such as a
 * projected service-account token. The file is read on first use and again once the token is
 * `refreshMs` old, or at once after the server answered 401 (`invalidate`). While a re-read
 * fails the last good token is kept; with none, the request fails with a {@link KubeConfigError}
 * `FileUnreadable` naming the file. Concurrent requests share one read.
 *
 * @example
 * ```ts
 * import { tokenFileAuth, undiciTransport } from '@rxkube/node';
 * const transport = undiciTransport({
 *   baseUrl: 'https://10.0.0.1:443',
 *   auth: tokenFileAuth({ path: '/var/run/secrets/kubernetes.io/serviceaccount/token' }),
 * });
 * ```
 */
export function tokenFileAuth(options: TokenFileAuthOptions): AuthProvider {
  const { path } = options;
  const refreshMs = options.refreshMs ?? kubeConfigDefaults.tokenFileRefreshMs;
  const now = options.now ?? monotonicNow;
  let token: string | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<string> | undefined;

  const read = async (): Promise<string> => {
    try {
      const text = (await readFile(path, 'utf8')).trim();
      if (text === '') {
        throw new KubeConfigError('FileUnreadable', `token file ${path} is empty`, { path });
      }
      token = text;
      readAt = now();
      return text;
    } catch (error) {
      // client-go keeps a good token while a rotation is half-written or briefly missing.
      if (token !== undefined) return token;
      if (error instanceof KubeConfigError) throw error;
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new KubeConfigError('FileUnreadable', `token file ${path} cannot be read (${code})`, {
        path,
        cause: error,
      });
    } finally {
      reading = undefined;
    }
  };

  return {
    async header() {
      if (token !== undefined && now() - readAt < refreshMs) return `Bearer ${token}`;
      reading ??= read();
      return `Bearer ${await reading}`;
    },
    invalidate(rejected?: string) {
      // A token already re-read since the rejected request was sent is kept.
      if (rejected !== undefined && token !== undefined && rejected !== `Bearer ${token}`) return;
      readAt = Number.NEGATIVE_INFINITY;
    },
  };
}
