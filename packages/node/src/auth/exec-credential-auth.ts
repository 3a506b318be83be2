import { isatty } from 'node:tty';
import type { AuthProvider } from '@rxkube/core';
import { monotonicScheduler, scheduleAfter } from '@rxkube/core/time';
import { lookPath } from '../internal/look-path.js';
import type { ExecConfig } from '../kubeconfig/kube-config.js';
import { kubeConfigDefaults } from '../kubeconfig/kube-config-defaults.js';
import { KubeConfigError } from '../kubeconfig/kube-config-error.js';

const V1 = 'client.authentication.k8s.io/v1';
const V1BETA1 = 'client.authentication.k8s.io/v1beta1';
const SUPPORTED_VERSIONS: readonly string[] = [V1, V1BETA1];
const INTERACTIVE_MODES: readonly string[] = ['Never', 'IfAvailable', 'Always'];

/**
 * The cluster as an exec plugin sees it in `KUBERNETES_EXEC_INFO` when the kubeconfig sets
 * `provideClusterInfo` (field names of the ExecCredential API).
 *
 * @example
 * ```ts
 * import type { ExecClusterInfo } from '@rxkube/node';
 * const cluster: ExecClusterInfo = { server: 'https://10.0.0.1:6443', config: { audience: 'x' } };
 * ```
 */
export interface ExecClusterInfo {
  readonly server: string;
  readonly 'tls-server-name'?: string;
  readonly 'insecure-skip-tls-verify'?: boolean;
  /** Base64 of the PEM CA bundle, read from the file when the kubeconfig names one. */
  readonly 'certificate-authority-data'?: string;
  readonly 'proxy-url'?: string;
  readonly 'disable-compression'?: boolean;
  /** The cluster's `client.authentication.k8s.io/exec` extension, if any. */
  readonly config?: unknown;
}

/**
 * Options of {@link execCredentialAuth}.
 *
 * @example
 * ```ts
 * import type { ExecCredentialAuthOptions } from '@rxkube/node';
 * const options: ExecCredentialAuthOptions = {
 *   exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'my-plugin', interactiveMode: 'Never' },
 *   user: 'me',
 * };
 * ```
 */
export interface ExecCredentialAuthOptions {
  /** The kubeconfig's `exec` section. */
  readonly exec: ExecConfig;
  /** The kubeconfig user's name, for error messages. */
  readonly user?: string;
  /** The cluster, passed to the plugin when `exec.provideClusterInfo` is set. */
  readonly cluster?: ExecClusterInfo;
  /** The environment the plugin inherits (before `exec.env`); `process.env` when unset. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Whether standard input is a terminal; asked of file descriptor 0 when unset. */
  readonly stdinIsTerminal?: boolean;
  /**
   * The wall clock, in milliseconds since the epoch, read against the credential's
   * `expirationTimestamp` (a wall-clock time the issuer wrote); `Date.now` when unset.
   */
  readonly now?: () => number;
  /**
   * How long one run may take, until its output is closed. Default
   * {@link kubeConfigDefaults.execTimeoutMs} (two minutes).
   */
  readonly timeoutMs?: number;
}

/**
 * A client certificate and key from an exec plugin, PEM. The key is a secret.
 *
 * @example
 * ```ts
 * import { execCredentialAuth } from '@rxkube/node';
 * const auth = execCredentialAuth({ exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'my-plugin' } });
 * const tls = await auth.tlsCredentials(); // { cert, key } or undefined
 * ```
 */
export interface ExecTlsCredentials {
  readonly cert: string;
  readonly key: string;
}

/**
 * An exec plugin as an {@link AuthProvider}, plus the client certificate it may return.
 *
 * @example
 * ```ts
 * import { type ExecCredentialAuth, execCredentialAuth } from '@rxkube/node';
 * const exec = { apiVersion: 'client.authentication.k8s.io/v1', command: 'my-plugin' } as const;
 * const auth: ExecCredentialAuth = execCredentialAuth({ exec });
 * const header = await auth.header(); // 'Bearer ...' or undefined
 * ```
 */
export interface ExecCredentialAuth extends AuthProvider {
  /** `Bearer <token>` when the plugin returned a token; runs the plugin if nothing is cached. */
  header(): Promise<string | undefined>;
  /**
   * Forgets the cached credential: the next request runs the plugin again (after a 401). With
   * `rejected`, the header value the server refused, a cached credential that differs from it
   * (already refreshed by another request) is kept.
   */
  invalidate(rejected?: string): void;
  /** The certificate and key the plugin returned, if it returned them; runs it if needed. */
  tlsCredentials(): Promise<ExecTlsCredentials | undefined>;
}

interface Credential {
  readonly token: string | undefined;
  readonly tls: ExecTlsCredentials | undefined;
  /** Epoch milliseconds; undefined: valid until the server rejects it. */
  readonly expiresAt: number | undefined;
}

/**
 * Credentials from an exec plugin (`client.authentication.k8s.io/v1` or `v1beta1`), as kubectl
 * runs them: the command with its args, the process environment plus `exec.env`, and
 * `KUBERNETES_EXEC_INFO` describing the request (`spec.interactive`, and `spec.cluster` with
 * `provideClusterInfo`). Standard input is passed to the plugin only in interactive mode
 * (`IfAvailable` with a terminal, or `Always`, which fails without one); its standard error is
 * the process's. The returned token or certificate is cached until its `expirationTimestamp`
 * (for ever without one) and the plugin runs again after that or after `invalidate()` (a 401).
 * Concurrent requests share one run.
 *
 * The configuration is checked at once (a `v1` plugin must name its `interactiveMode`); a
 * failed run rejects with a {@link KubeConfigError} `ExecFailed` naming the command and user,
 * never its output.
 *
 * @example
 * ```ts
 * import { execCredentialAuth, undiciTransport } from '@rxkube/node';
 * const auth = execCredentialAuth({
 *   exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'aws', args: ['eks', 'get-token', '--cluster-name', 'prod'], interactiveMode: 'Never' },
 * });
 * const transport = undiciTransport({ baseUrl: 'https://prod.example:443', auth });
 * ```
 */
export function execCredentialAuth(options: ExecCredentialAuthOptions): ExecCredentialAuth {
  const { exec } = options;
  const who = options.user === undefined ? '' : ` for user '${options.user}'`;
  const mode = checkExecConfig(exec, options.user);
  const now = options.now ?? Date.now;
  let cached: Credential | undefined;
  let running: Promise<Credential> | undefined;

  const run = async (): Promise<Credential> => {
    try {
      const credential = await runPlugin(exec, who, mode, options);
      cached = credential;
      return credential;
    } finally {
      running = undefined;
    }
  };
  const credential = (): Promise<Credential> => {
    if (cached && (cached.expiresAt === undefined || now() < cached.expiresAt)) {
      return Promise.resolve(cached);
    }
    running ??= run();
    return running;
  };

  return {
    async header() {
      return bearer(await credential());
    },
    invalidate(rejected?: string) {
      // client-go refreshes only when the failed request used the credential still cached:
      // requests that failed with an older one must not run the plugin again (or prompt again).
      if (rejected !== undefined && cached !== undefined && rejected !== bearer(cached)) return;
      cached = undefined;
    },
    async tlsCredentials() {
      return (await credential()).tls;
    },
  };
}

function bearer(credential: Credential): string | undefined {
  return credential.token === undefined ? undefined : `Bearer ${credential.token}`;
}

type InteractiveMode = 'Never' | 'IfAvailable' | 'Always';

function checkExecConfig(exec: ExecConfig, user: string | undefined): InteractiveMode {
  const name = user === undefined ? 'the user' : `user '${user}'`;
  const invalid = (message: string) => new KubeConfigError('Invalid', message);
  if (typeof exec.command !== 'string' || exec.command === '') {
    throw invalid(`command must be specified for ${name} to use an exec plugin`);
  }
  if (typeof exec.apiVersion !== 'string' || exec.apiVersion === '') {
    throw invalid(`apiVersion must be specified for ${name} to use an exec plugin`);
  }
  if (!SUPPORTED_VERSIONS.includes(exec.apiVersion)) {
    throw new KubeConfigError(
      'Unsupported',
      `exec plugin apiVersion '${exec.apiVersion}' of ${name} is not supported; use ${V1} or ${V1BETA1}`,
    );
  }
  for (const variable of exec.env ?? []) {
    if (variable.name === '') throw invalid(`an exec env variable of ${name} has no name`);
  }
  const mode =
    exec.interactiveMode ??
    (exec.apiVersion === V1BETA1 ? kubeConfigDefaults.execInteractiveModeV1beta1 : undefined);
  if (mode === undefined) {
    throw invalid(`interactiveMode must be specified for ${name} to use an exec plugin`);
  }
  if (!INTERACTIVE_MODES.includes(mode)) {
    throw invalid(`invalid interactiveMode for ${name}: '${mode}'`);
  }
  return mode;
}

async function runPlugin(
  exec: ExecConfig,
  who: string,
  mode: InteractiveMode,
  options: ExecCredentialAuthOptions,
): Promise<Credential> {
  // isatty(0) asks the descriptor without creating (and holding) the process.stdin stream.
  const terminal = options.stdinIsTerminal ?? isatty(0);
  if (mode === 'Always' && !terminal) {
    throw new KubeConfigError(
      'ExecInteractive',
      `exec plugin '${exec.command}'${who} needs a terminal (interactiveMode: Always) and standard input is not one`,
    );
  }
  const interactive = mode === 'Always' || (mode === 'IfAvailable' && terminal);
  const info = {
    kind: 'ExecCredential',
    apiVersion: exec.apiVersion,
    spec: {
      interactive,
      ...(exec.provideClusterInfo === true && options.cluster && { cluster: options.cluster }),
    },
  };
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.env ?? process.env)) {
    if (value !== undefined) env[key] = value;
  }
  for (const variable of exec.env ?? []) env[variable.name] = variable.value;
  env.KUBERNETES_EXEC_INFO = JSON.stringify(info);
  const program = programOf(exec, who, (options.env ?? process.env).PATH);
  // Loaded here, on the first plugin run: most kubeconfigs have no exec user, and loading
  // child_process costs every process that reads a kubeconfig.
  const { spawn } = await import('node:child_process');

  const stdout = await new Promise<string>((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? kubeConfigDefaults.execTimeoutMs;
    let timer: { unsubscribe(): void } | undefined;
    const fail = (error: KubeConfigError) => {
      timer?.unsubscribe();
      reject(error);
    };
    const failed = (message: string, cause?: unknown) =>
      fail(
        new KubeConfigError('ExecFailed', `exec plugin '${exec.command}'${who} ${message}`, {
          cause,
        }),
      );
    const child = spawn(program, exec.args ?? [], {
      env,
      stdio: [interactive ? 'inherit' : 'ignore', 'pipe', 'inherit'],
      windowsHide: true,
    });
    timer = scheduleAfter(monotonicScheduler, timeoutMs, () => {
      // A child of the plugin may still hold the pipe open: stop reading it as well.
      child.kill('SIGKILL');
      child.stdout?.destroy();
      fail(
        new KubeConfigError(
          'ExecTimeout',
          `exec plugin '${exec.command}'${who} did not finish within ${timeoutMs} ms and was ended`,
        ),
      );
    });
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > kubeConfigDefaults.execMaxOutputBytes) {
        child.kill();
        failed(`printed more than ${kubeConfigDefaults.execMaxOutputBytes} bytes`);
        return;
      }
      chunks.push(chunk);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      const hint =
        error.code === 'ENOENT' && exec.installHint ? `\n${exec.installHint.trim()}` : '';
      failed(`could not be started (${error.code ?? error.message})${hint}`);
    });
    child.on('close', (code, signal) => {
      timer?.unsubscribe();
      if (code === 0) resolve(Buffer.concat(chunks).toString('utf8'));
      else failed(signal ? `was ended by ${signal}` : `exited with code ${code}`);
    });
  });
  return parseExecCredential(stdout, exec, who);
}

/**
 * The file to run: a command with a slash as it is (made absolute against the kubeconfig's
 * folder when loaded); a bare name looked up in `PATH` here, so that a hit through `.`, an empty
 * or a relative entry is refused as Go's `exec.ErrDot` refuses it, instead of running a file of
 * the current directory. Windows keeps the system's own lookup (with `PATHEXT`).
 */
function programOf(exec: ExecConfig, who: string, path: string | undefined): string {
  const command = exec.command;
  if (process.platform === 'win32' || command.includes('/')) return command;
  const found = lookPath(command, path);
  if (found.kind === 'found') return found.file;
  if (found.kind === 'relative') {
    throw new KubeConfigError(
      'ExecFailed',
      `exec plugin '${command}'${who} resolves to ${found.file} through a relative PATH entry (the current directory); refused, as Go refuses it: give an absolute command or fix PATH`,
    );
  }
  const hint = exec.installHint ? `\n${exec.installHint.trim()}` : '';
  throw new KubeConfigError(
    'ExecFailed',
    `exec plugin '${command}'${who} could not be started (ENOENT)${hint}`,
  );
}

function parseExecCredential(stdout: string, exec: ExecConfig, who: string): Credential {
  const fail = (message: string) =>
    new KubeConfigError('ExecFailed', `exec plugin '${exec.command}'${who} ${message}`);
  let output: unknown;
  try {
    output = JSON.parse(stdout);
  } catch {
    throw fail('did not print an ExecCredential (not JSON)');
  }
  const credential = (typeof output === 'object' && output !== null ? output : {}) as Record<
    string,
    unknown
  >;
  if (credential.kind !== 'ExecCredential') throw fail('did not print an ExecCredential');
  if (credential.apiVersion !== exec.apiVersion) {
    throw fail(
      `answered with apiVersion '${String(credential.apiVersion)}' instead of '${exec.apiVersion}'`,
    );
  }
  const status = credential.status;
  if (typeof status !== 'object' || status === null) throw fail('returned no status');
  const { token, clientCertificateData, clientKeyData, expirationTimestamp } = status as Record<
    string,
    unknown
  >;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const cert = text(clientCertificateData);
  const key = text(clientKeyData);
  if ((cert === undefined) !== (key === undefined)) {
    throw fail('returned a client certificate without its key, or a key without its certificate');
  }
  if (text(token) === undefined && cert === undefined) {
    throw fail('returned neither a token nor a client certificate and key');
  }
  let expiresAt: number | undefined;
  if (expirationTimestamp !== undefined && expirationTimestamp !== null) {
    expiresAt = typeof expirationTimestamp === 'string' ? Date.parse(expirationTimestamp) : NaN;
    if (Number.isNaN(expiresAt)) throw fail('returned an invalid expirationTimestamp');
  }
  return {
    token: text(token),
    tls: cert !== undefined && key !== undefined ? { cert, key } : undefined,
    expiresAt,
  };
}
