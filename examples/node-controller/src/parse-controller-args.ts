import { parseArgs } from 'node:util';
import type { ExampleArgs } from './example-args.js';

const MS_PER_SECOND = 1000;

/**
 * Parses the command line. The embedded server is the default; `--real`, `--kubeconfig` or a
 * `KUBECONFIG` variable select a real cluster, and `--embedded` forces the embedded server.
 *
 * @example
 * ```ts
 * import { parseExampleArgs } from './parse-example-args.js';
 * parseExampleArgs(['--real', '-n', 'shop'], {}); // { mode: 'real', namespace: 'shop', act: false, … }
 * ```
 */
export function parseExampleArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ExampleArgs {
  // `pnpm start -- --help` passes the `--` along: skip it.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const { values } = parseArgs({
    args,
    options: {
      embedded: { type: 'boolean', default: false },
      real: { type: 'boolean', default: false },
      kubeconfig: { type: 'string' },
      context: { type: 'string' },
      namespace: { type: 'string', short: 'n' },
      'all-namespaces': { type: 'boolean', short: 'A', default: false },
      act: { type: 'boolean', default: false },
      duration: { type: 'string' },
      replicas: { type: 'string' },
      'crash-leader-after': { type: 'string' },
      'lease-namespace': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const real =
    !values.embedded &&
    (values.real || values.kubeconfig !== undefined || (env.KUBECONFIG ?? '') !== '');
  const seconds = values.duration === undefined ? undefined : Number(values.duration);
  if (seconds !== undefined && !(seconds > 0)) {
    throw new Error(`--duration must be a positive number of seconds, not ${values.duration}`);
  }
  const replicas = values.replicas === undefined ? undefined : Number(values.replicas);
  if (replicas !== undefined && !(Number.isInteger(replicas) && replicas >= 1)) {
    throw new Error(`--replicas must be a whole number of at least 1, not ${values.replicas}`);
  }
  const crash = values['crash-leader-after'];
  const crashSeconds = crash === undefined ? undefined : Number(crash);
  if (crashSeconds !== undefined && !(crashSeconds >= 0)) {
    throw new Error(`--crash-leader-after must be a number of seconds (0: never), not ${crash}`);
  }
  return {
    mode: real ? 'real' : 'embedded',
    ...(replicas === undefined ? {} : { replicas }),
    ...(crashSeconds === undefined ? {} : { crashLeaderAfterMs: crashSeconds * MS_PER_SECOND }),
    ...(values['lease-namespace'] === undefined
      ? {}
      : { leaseNamespace: values['lease-namespace'] }),
    ...(values.kubeconfig === undefined ? {} : { kubeconfig: values.kubeconfig }),
    ...(values.context === undefined ? {} : { context: values.context }),
    ...(values.namespace === undefined ? {} : { namespace: values.namespace }),
    allNamespaces: values['all-namespaces'],
    act: !real || values.act,
    ...(seconds === undefined ? {} : { durationMs: seconds * MS_PER_SECOND }),
    help: values.help,
  };
}
