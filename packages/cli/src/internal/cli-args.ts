import { parseArgs } from 'node:util';
import { cliDefaults } from '../cli-defaults.js';
import { CliError } from './cli-error.js';

/** How `get` prints what it lists. */
export type OutputFormat = 'table' | 'json' | 'yaml' | 'ndjson' | 'name';

/** Where to connect: a kubeconfig (file, context) or a plain server URL. */
export interface ConnectionArgs {
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly server?: string;
}

/** `rxkube get <resource> [name...]`. */
export interface GetArgs extends ConnectionArgs {
  readonly command: 'get';
  readonly resource: string;
  readonly names: readonly string[];
  readonly namespace?: string;
  readonly allNamespaces: boolean;
  readonly selector?: string;
  readonly fieldSelector?: string;
  readonly watch: boolean;
  readonly output: OutputFormat;
  readonly chunkSize: number;
  readonly outputWatchEvents: boolean;
  readonly sort: 'auto' | 'name' | 'recent';
  readonly debug: boolean;
}

/** `rxkube demo`. */
export interface DemoArgs {
  readonly command: 'demo';
  readonly rate: number;
  readonly durationSeconds?: number;
  readonly pods: number;
  readonly seed: number;
  readonly faultEverySeconds: number;
  readonly faults: boolean;
  readonly debug: boolean;
}

/** What the command line asks for. */
export type CliArgs =
  | GetArgs
  | DemoArgs
  | { readonly command: 'help'; readonly topic?: string; readonly debug: boolean }
  | { readonly command: 'version'; readonly debug: boolean };

const options = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  debug: { type: 'boolean' },
  kubeconfig: { type: 'string' },
  context: { type: 'string' },
  server: { type: 'string', short: 's' },
  namespace: { type: 'string', short: 'n' },
  'all-namespaces': { type: 'boolean', short: 'A' },
  selector: { type: 'string', short: 'l' },
  'field-selector': { type: 'string' },
  watch: { type: 'boolean', short: 'w' },
  output: { type: 'string', short: 'o' },
  'chunk-size': { type: 'string' },
  'output-watch-events': { type: 'boolean' },
  sort: { type: 'string' },
  rate: { type: 'string' },
  duration: { type: 'string' },
  pods: { type: 'string' },
  seed: { type: 'string' },
  'fault-every': { type: 'string' },
  'no-faults': { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parse>['values'];

function parse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
}

const GET_FLAGS = [
  'kubeconfig',
  'context',
  'server',
  'namespace',
  'all-namespaces',
  'selector',
  'field-selector',
  'watch',
  'output',
  'chunk-size',
  'output-watch-events',
  'sort',
] as const;
const DEMO_FLAGS = ['rate', 'duration', 'pods', 'seed', 'fault-every', 'no-faults'] as const;
const OUTPUTS: readonly OutputFormat[] = ['table', 'json', 'yaml', 'ndjson', 'name'];
const SORTS = ['auto', 'name', 'recent'] as const;

/** Reads the command line; a mistake throws a {@link CliError} whose message is one line. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new CliError(firstSentence(error));
  }
  const { values, positionals } = parsed;
  const debug = values.debug ?? false;
  const [command, ...rest] = positionals;
  if (values.version) return { command: 'version', debug };
  if (values.help || command === undefined || command === 'help') {
    const topic = command === 'help' ? rest[0] : command;
    return topic === undefined ? { command: 'help', debug } : { command: 'help', topic, debug };
  }
  if (command === 'version') return { command: 'version', debug };
  if (command === 'get') return getArgs(values, rest, debug);
  if (command === 'demo') return demoArgs(values, rest, debug);
  throw new CliError(`unknown command "${command}" for "rxkube" (try "rxkube --help")`);
}

function getArgs(values: Values, rest: readonly string[], debug: boolean): GetArgs {
  rejectFlags(values, DEMO_FLAGS, 'get');
  const [resource, ...names] = rest;
  if (resource === undefined) {
    throw new CliError('you must specify the type of resource to get, e.g. "rxkube get pods"');
  }
  if (values.server !== undefined && (values.kubeconfig ?? values.context) !== undefined) {
    throw new CliError(
      '--server is a plain URL and cannot be combined with --kubeconfig or --context',
    );
  }
  if (values.namespace !== undefined && values['all-namespaces']) {
    throw new CliError('--namespace and --all-namespaces cannot be used together');
  }
  const output = values.output ?? 'table';
  if (!(OUTPUTS as readonly string[]).includes(output)) {
    throw new CliError(`unknown output format "${output}" (one of: ${OUTPUTS.join(', ')})`);
  }
  const sort = values.sort ?? 'auto';
  if (!(SORTS as readonly string[]).includes(sort)) {
    throw new CliError(`unknown sort order "${sort}" (one of: ${SORTS.join(', ')})`);
  }
  return {
    command: 'get',
    resource,
    names,
    allNamespaces: values['all-namespaces'] ?? false,
    watch: values.watch ?? false,
    output: output as OutputFormat,
    chunkSize: integer(values['chunk-size'], 'chunk-size', cliDefaults.chunkSize, 0),
    outputWatchEvents: values['output-watch-events'] ?? false,
    sort: sort as GetArgs['sort'],
    debug,
    ...defined('namespace', values.namespace),
    ...defined('selector', values.selector),
    ...defined('fieldSelector', values['field-selector']),
    ...defined('kubeconfig', values.kubeconfig),
    ...defined('context', values.context),
    ...defined('server', values.server),
  };
}

function demoArgs(values: Values, rest: readonly string[], debug: boolean): DemoArgs {
  rejectFlags(values, GET_FLAGS, 'demo');
  if (rest.length > 0) throw new CliError(`unexpected argument "${rest[0]}" for "rxkube demo"`);
  const duration = values.duration;
  return {
    command: 'demo',
    rate: number(values.rate, 'rate', cliDefaults.demoRate, Number.MIN_VALUE),
    pods: integer(values.pods, 'pods', cliDefaults.demoPods, 1),
    seed: integer(values.seed, 'seed', cliDefaults.demoSeed, 0),
    faultEverySeconds: number(
      values['fault-every'],
      'fault-every',
      cliDefaults.demoFaultEverySeconds,
      Number.MIN_VALUE,
    ),
    faults: !(values['no-faults'] ?? false),
    debug,
    ...(duration === undefined
      ? {}
      : { durationSeconds: number(duration, 'duration', 0, Number.MIN_VALUE) }),
  };
}

function rejectFlags(values: Values, flags: readonly (keyof Values)[], command: string): void {
  const wrong = flags.find((flag) => values[flag] !== undefined);
  if (wrong !== undefined)
    throw new CliError(`flag --${wrong} does not apply to "rxkube ${command}"`);
}

function number(text: string | undefined, flag: string, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < min) {
    const bound = min === Number.MIN_VALUE ? '> 0' : `≥ ${min}`;
    throw new CliError(`invalid value "${text}" for --${flag}: expected a number ${bound}`);
  }
  return value;
}

function integer(text: string | undefined, flag: string, fallback: number, min: number): number {
  const value = number(text, flag, fallback, min);
  if (!Number.isInteger(value)) {
    throw new CliError(`invalid value "${text}" for --${flag}: expected a whole number`);
  }
  return value;
}

function defined<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function firstSentence(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('. ')[0] ?? message).replace(/\.$/, '');
}
