import { parseArgs } from 'node:util';
import type { ExampleArgs } from './example-args.js';
import type { ExampleArgsExtra } from './example-args-extra.js';

const MS_PER_SECOND = 1000;

/**
 * Options of `parseExampleArgs`.
 *
 * @example
 * ```ts
 * import type { ParseExampleArgsOptions } from './parse-example-args.js';
 * const options: ParseExampleArgsOptions = { extra: { act: 'boolean' } };
 * ```
 */
export interface ParseExampleArgsOptions {
  /** Options of this example beyond the shared ones. Default: none (an unknown option is an error). */
  readonly extra?: ExampleArgsExtra;
}

/**
 * The shared command line, parsed, with the values of the example's own options.
 *
 * @example
 * ```ts
 * import type { ParsedExampleArgs } from './parse-example-args.js';
 * const parsed: ParsedExampleArgs = { mode: 'embedded', allNamespaces: true, help: false, extra: {} };
 * ```
 */
export interface ParsedExampleArgs extends ExampleArgs {
  /** The values of the `extra` options, by long name; `undefined` where not given. */
  readonly extra: Readonly<Record<string, string | boolean | undefined>>;
}

/**
 * Parses the command line. The embedded server is the default; `--real`, `--kubeconfig` or a
 * `KUBECONFIG` variable select a real cluster, and `--embedded` forces the embedded server.
 *
 * @example
 * ```ts
 * import { parseExampleArgs } from './parse-example-args.js';
 * parseExampleArgs(['--real', '-n', 'shop'], {}); // { mode: 'real', namespace: 'shop', allNamespaces: false, help: false, extra: {} }
 * ```
 */
export function parseExampleArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  options: ParseExampleArgsOptions = {},
): ParsedExampleArgs {
  // `pnpm start -- --help` passes the `--` along: skip it.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const extra = options.extra ?? {};
  const { values } = parseArgs({
    args,
    options: {
      ...Object.fromEntries(Object.entries(extra).map(([name, type]) => [name, { type }])),
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
  const given = values as Readonly<Record<string, string | boolean | undefined>>;
  return {
    mode: real ? 'real' : 'embedded',
    ...(values.kubeconfig === undefined ? {} : { kubeconfig: values.kubeconfig }),
    ...(values.context === undefined ? {} : { context: values.context }),
    ...(values.namespace === undefined ? {} : { namespace: values.namespace }),
    allNamespaces: values['all-namespaces'],
    ...(seconds === undefined ? {} : { durationMs: seconds * MS_PER_SECOND }),
    help: values.help,
    extra: Object.fromEntries(Object.keys(extra).map((name) => [name, given[name]])),
  };
}
