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
 * parseExampleArgs(['--real', '-n', 'shop'], {}); // { mode: 'real', namespace: 'shop', allNamespaces: false, help: false }
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
      duration: { type: 'string' },
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
  return {
    mode: real ? 'real' : 'embedded',
    ...(values.kubeconfig === undefined ? {} : { kubeconfig: values.kubeconfig }),
    ...(values.context === undefined ? {} : { context: values.context }),
    ...(values.namespace === undefined ? {} : { namespace: values.namespace }),
    allNamespaces: values['all-namespaces'],
    ...(seconds === undefined ? {} : { durationMs: seconds * MS_PER_SECOND }),
    help: values.help,
  };
}
