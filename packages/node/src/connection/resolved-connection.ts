import type { AuthProvider } from '@rxkube/core';
import type { ExecCredentialAuth } from '../auth/exec-credential-auth.js';

/** Which kind of credential a connection sends (never the credential itself). */
export type ConnectionAuthKind =
  | 'none'
  | 'token'
  | 'token-file'
  | 'basic'
  | 'exec'
  | 'client-certificate';

/**
 * Everything needed to build a transport to one API server, resolved from a kubeconfig context
 * or the in-cluster service account. Holds key material: it prints as a description only, and
 * it is never handed to users.
 */
export interface ResolvedConnection {
  readonly baseUrl: string;
  /** The default namespace; unset for a plain URL without one. */
  readonly namespace?: string;
  /** Where the settings came from, e.g. `context 'dev' of /home/me/.kube/config`. */
  readonly origin: string;
  readonly ca?: string;
  readonly cert?: string;
  readonly key?: string;
  readonly servername?: string;
  readonly rejectUnauthorized: boolean;
  readonly proxyUrl?: string;
  readonly authKind: ConnectionAuthKind;
  /** The `Authorization` header source, if any. */
  readonly auth?: AuthProvider;
  /** Set when the credential comes from an exec plugin, which may also return a certificate. */
  readonly exec?: ExecCredentialAuth;
  /** Headers sent with every request (impersonation); a list is sent as one line per value. */
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
}
