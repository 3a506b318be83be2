import { parseArgs } from 'node:util';
import { cliDefaults } from '../cli-defaults.js';
import { CliError } from './cli-error.js';
import type { ConnectionArgs } from './connection-args.js';
import { type ProxyArgs, proxyArgs, proxyFlagOptions } from './proxy/proxy-args.js';

/** How `get` prints what it lists. */
export type OutputFormat = 'table' | 'json' | 'yaml' | 'ndjson' | 'name';

/** `-o`: kubectl's output formats (`wide`, `jsonpath=…`, `custom-columns=…`, …) and `ndjson`. */
export type OutputSpec =
  | { readonly kind: 'table' | 'wide' | 'json' | 'yaml' | 'ndjson' | 'name' }
  | {
      readonly kind: 'jsonpath';
      readonly template: string;
      readonly file?: boolean;
      /** `jsonpath-as-json`: each result as indented JSON. */
      readonly asJson?: boolean;
    }
  | { readonly kind: 'go-template'; readonly template: string; readonly file?: boolean }
  | { readonly kind: 'custom-columns'; readonly spec: string; readonly file?: boolean };

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
  readonly format: OutputSpec;
  readonly chunkSize: number;
  readonly outputWatchEvents: boolean;
  readonly sort: 'auto' | 'name' | 'recent';
  readonly showLabels: boolean;
  readonly labelColumns: readonly string[];
  readonly noHeaders: boolean;
  readonly sortBy?: string;
  readonly showKind: boolean;
  readonly watchOnly: boolean;
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
  | ProxyArgs
  | { readonly command: 'help'; readonly topic?: string; readonly debug: boolean }
  | { readonly command: 'version'; readonly debug: boolean };

/** Flags of every command. */
const globalFlagOptions = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  debug: { type: 'boolean' },
} as const;

/** kubectl's connection flags, for `get` and `proxy`. */
const connectionFlagOptions = {
  kubeconfig: { type: 'string' },
  context: { type: 'string' },
  server: { type: 'string', short: 's' },
  cluster: { type: 'string' },
  user: { type: 'string' },
  token: { type: 'string' },
  'certificate-authority': { type: 'string' },
  'insecure-skip-tls-verify': { type: 'boolean' },
  as: { type: 'string' },
  'as-group': { type: 'string', multiple: true },
  'request-timeout': { type: 'string' },
} as const;

/** The flags of `rxkube get` (besides the connection flags). */
const getFlagOptions = {
  'show-labels': { type: 'boolean' },
  'label-columns': { type: 'string', short: 'L', multiple: true },
  'no-headers': { type: 'boolean' },
  'sort-by': { type: 'string' },
  'show-kind': { type: 'boolean' },
  'watch-only': { type: 'boolean' },
  namespace: { type: 'string', short: 'n' },
  'all-namespaces': { type: 'boolean', short: 'A' },
  selector: { type: 'string', short: 'l' },
  'field-selector': { type: 'string' },
  watch: { type: 'boolean', short: 'w' },
  output: { type: 'string', short: 'o' },
  'chunk-size': { type: 'string' },
  'output-watch-events': { type: 'boolean' },
  sort: { type: 'string' },
} as const;

/** The flags of `rxkube demo`. */
const demoFlagOptions = {
  rate: { type: 'string' },
  duration: { type: 'string' },
  pods: { type: 'string' },
  seed: { type: 'string' },
  'fault-every': { type: 'string' },
  'no-faults': { type: 'boolean' },
} as const;

const options = {
  ...globalFlagOptions,
  ...connectionFlagOptions,
  ...getFlagOptions,
  ...demoFlagOptions,
  ...proxyFlagOptions,
} as const;

/** The flags each command takes besides the global ones: every other flag is refused. */
const COMMAND_FLAGS: Readonly<Record<'get' | 'demo' | 'proxy', object>> = {
  get: { ...connectionFlagOptions, ...getFlagOptions },
  demo: demoFlagOptions,
  proxy: { ...connectionFlagOptions, ...proxyFlagOptions },
};

type Values = ReturnType<typeof parse>['values'];

function parse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
}

const OUTPUTS = ['table', 'wide', 'json', 'yaml', 'ndjson', 'name'] as const;
/** kubectl 1.20's list, word for word (rxkube also takes `ndjson`, which kubectl has not). */
const ALLOWED_OUTPUTS =
  'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';
/** kubectl's names of the Go template formats: `template` and `templatefile` are aliases. */
const GO_TEMPLATE_OUTPUTS = ['go-template', 'go-template-file', 'template', 'templatefile'];
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
  if (command === 'get' || command === 'demo' || command === 'proxy') {
    refuseForeignFlags(values, COMMAND_FLAGS[command], command);
  }
  if (command === 'get') return getArgs(values, rest, debug);
  if (command === 'demo') return demoArgs(values, rest, debug);
  if (command === 'proxy') return proxyArgs(values, rest, connectionArgs(values), debug);
  throw new CliError(`unknown command "${command}" for "rxkube" (try "rxkube --help")`);
}

function getArgs(values: Values, rest: readonly string[], debug: boolean): GetArgs {
  const [resource, ...names] = rest;
  if (resource === undefined) {
    throw new CliError('you must specify the type of resource to get, e.g. "rxkube get pods"');
  }
  // As kubectl: --all-namespaces wins over --namespace.
  const format = outputSpec(values.output);
  const sort = values.sort ?? 'auto';
  if (!(SORTS as readonly string[]).includes(sort)) {
    throw new CliError(`unknown sort order "${sort}" (one of: ${SORTS.join(', ')})`);
  }
  return {
    command: 'get',
    resource,
    names,
    allNamespaces: values['all-namespaces'] ?? false,
    watch: (values.watch ?? false) || (values['watch-only'] ?? false),
    output: format.kind === 'wide' ? 'table' : (format.kind as OutputFormat),
    format,
    showLabels: values['show-labels'] ?? false,
    labelColumns: (values['label-columns'] ?? []).flatMap((list) =>
      list.split(',').filter((label) => label !== ''),
    ),
    noHeaders: values['no-headers'] ?? false,
    showKind: values['show-kind'] ?? false,
    watchOnly: values['watch-only'] ?? false,
    ...defined('sortBy', values['sort-by']),
    chunkSize: integer(values['chunk-size'], 'chunk-size', cliDefaults.chunkSize, 0),
    outputWatchEvents: values['output-watch-events'] ?? false,
    sort: sort as GetArgs['sort'],
    debug,
    ...defined('namespace', values.namespace),
    ...defined('selector', values.selector),
    ...defined('fieldSelector', values['field-selector']),
    ...connectionArgs(values),
  };
}

function demoArgs(values: Values, rest: readonly string[], debug: boolean): DemoArgs {
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

/** kubectl's connection flags (for `get` and `proxy`). */
function connectionArgs(values: Values): ConnectionArgs {
  return {
    ...defined('kubeconfig', values.kubeconfig),
    ...defined('context', values.context),
    ...defined('server', values.server),
    ...defined('cluster', values.cluster),
    ...defined('user', values.user),
    ...defined('token', values.token),
    ...defined('certificateAuthority', values['certificate-authority']),
    ...defined('insecureSkipTlsVerify', values['insecure-skip-tls-verify']),
    ...defined('as', values.as),
    ...defined('asGroups', values['as-group']),
    ...defined('requestTimeoutMs', duration(values['request-timeout'])),
  };
}

/**
 * `-o` as kubectl reads it: a name, or `jsonpath=…`, `jsonpath-as-json=…`, `go-template=…`
 * (`template=…`), `custom-columns=…` and their file forms.
 */
function outputSpec(output: string | undefined): OutputSpec {
  if (output === undefined || output === '') return { kind: 'table' };
  const eq = output.indexOf('=');
  const name = eq < 0 ? output : output.slice(0, eq);
  const value = eq < 0 ? '' : output.slice(eq + 1);
  if (name === 'jsonpath' || name === 'jsonpath-file' || name === 'jsonpath-as-json') {
    if (value === '') throw new CliError(`template format specified but no template given`);
    return {
      kind: 'jsonpath',
      template: value,
      ...(name === 'jsonpath-file' ? { file: true } : {}),
      ...(name === 'jsonpath-as-json' ? { asJson: true } : {}),
    };
  }
  if (GO_TEMPLATE_OUTPUTS.includes(name)) {
    if (value === '') throw new CliError(`template format specified but no template given`);
    return {
      kind: 'go-template',
      template: value,
      ...(name.endsWith('file') ? { file: true } : {}),
    };
  }
  if (name === 'custom-columns' || name === 'custom-columns-file') {
    if (value === '')
      throw new CliError('custom-columns format specified but no custom columns given');
    return {
      kind: 'custom-columns',
      spec: value,
      ...(name === 'custom-columns-file' ? { file: true } : {}),
    };
  }
  if (eq < 0 && (OUTPUTS as readonly string[]).includes(output)) {
    return { kind: output as (typeof OUTPUTS)[number] };
  }
  throw new CliError(
    `unable to match a printer suitable for the output format "${output}", allowed formats are: ${ALLOWED_OUTPUTS}`,
  );
}

/** `--request-timeout`: `0` (none), a number of seconds, or `1s`, `2m`, `1h`, `500ms`. */
function duration(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (match === null) {
    throw new CliError(
      `invalid value "${text}" for --request-timeout: a duration such as 30s, 2m or 0 is expected`,
    );
  }
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1_000;
  return Number(match[1]) * unit;
}

/** Refuses the first flag given that is neither global nor in `own`, the command's flags. */
function refuseForeignFlags(values: Values, own: object, command: string): void {
  const wrong = Object.keys(options).find(
    (flag) =>
      values[flag as keyof Values] !== undefined &&
      !Object.hasOwn(globalFlagOptions, flag) &&
      !Object.hasOwn(own, flag),
  );
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
