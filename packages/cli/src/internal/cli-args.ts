import { cliDefaults } from '../cli-defaults.js';
import { CliError } from './cli-error.js';
import type { ConnectionArgs } from './connection-args.js';
import {
  argumentsOf,
  FlagError,
  type FlagSpecs,
  type FlagValues,
  parseFlags,
  text,
  texts,
} from './parse-flags.js';
import { type ProxyArgs, proxyArgs, proxyFlagOptions } from './proxy/proxy-args.js';
import { suggestCommands } from './suggest-commands.js';

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
  /** `--show-managed-fields`: `-o json|yaml` keep `metadata.managedFields` (kubectl drops them). */
  readonly showManagedFields: boolean;
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
const globalFlagOptions: FlagSpecs = {
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
  'show-managed-fields': { type: 'boolean' },
  'watch-only': { type: 'boolean' },
  namespace: { type: 'string', short: 'n' },
  'all-namespaces': { type: 'boolean', short: 'A' },
  selector: { type: 'string', short: 'l' },
  'field-selector': { type: 'string' },
  watch: { type: 'boolean', short: 'w' },
  output: { type: 'string', short: 'o' },
  'chunk-size': { type: 'string', int: true },
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

/** The commands, in the order of the help (and of the suggestions for a mistyped one). */
const COMMANDS = ['get', 'proxy', 'demo', 'help', 'version'] as const;
type Command = (typeof COMMANDS)[number];

/** The flags each command takes besides the global ones: every other flag is unknown to it. */
const COMMAND_FLAGS: Readonly<Record<Command, FlagSpecs>> = {
  get: { ...connectionFlagOptions, ...getFlagOptions },
  demo: demoFlagOptions,
  proxy: { ...connectionFlagOptions, ...proxyFlagOptions },
  help: {},
  version: {},
};

/** Every flag of every command: enough to tell the command from the flags' values before it. */
const ALL_FLAGS: FlagSpecs = Object.assign({}, globalFlagOptions, ...Object.values(COMMAND_FLAGS));

type Values = FlagValues;

const OUTPUTS = ['table', 'wide', 'json', 'yaml', 'ndjson', 'name'] as const;
/** kubectl 1.20's list, word for word (rxkube also takes `ndjson`, which kubectl has not). */
const ALLOWED_OUTPUTS =
  'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';
/** kubectl's names of the Go template formats: `template` and `templatefile` are aliases. */
const GO_TEMPLATE_OUTPUTS = ['go-template', 'go-template-file', 'template', 'templatefile'];
const SORTS = ['auto', 'name', 'recent'] as const;

/**
 * Reads the command line as kubectl reads its own: flags before or after the command and its
 * arguments. A mistake throws a {@link CliError} in kubectl's words: `unknown flag: --bogus`
 * followed by `See 'rxkube get --help' for usage.`, `unknown command "gte" for "rxkube"` with
 * the commands it may have meant.
 */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const [first] = argumentsOf(argv, ALL_FLAGS);
  if (first !== undefined && !isCommand(first)) throw unknownCommand(first);
  const command = first;
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(argv, {
      ...globalFlagOptions,
      ...(command === undefined ? {} : COMMAND_FLAGS[command]),
    });
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    const path = command === undefined ? 'rxkube' : `rxkube ${command}`;
    throw new CliError(error.message, { after: [`See '${path} --help' for usage.`] });
  }
  const { values, positionals } = parsed;
  const debug = flag(values.debug);
  const rest = positionals.slice(1);
  if (flag(values.version)) return { command: 'version', debug };
  if (flag(values.help) || command === undefined || command === 'help') {
    const topic = command === 'help' ? rest[0] : command;
    return topic === undefined ? { command: 'help', debug } : { command: 'help', topic, debug };
  }
  switch (command) {
    case 'version':
      return { command: 'version', debug };
    case 'get':
      return getArgs(values, rest, debug);
    case 'demo':
      return demoArgs(values, rest, debug);
    case 'proxy':
      return proxyArgs(values, rest, connectionArgs(values), debug);
  }
}

function isCommand(word: string): word is Command {
  return (COMMANDS as readonly string[]).includes(word);
}

/** cobra's answer to a command it does not have, with the commands it may have meant. */
function unknownCommand(word: string): CliError {
  const suggestions = suggestCommands(word, COMMANDS);
  return new CliError(`unknown command ${JSON.stringify(word)} for "rxkube"`, {
    after:
      suggestions.length === 0
        ? []
        : ['', 'Did you mean this?', ...suggestions.map((name) => `\t${name}`)],
  });
}

function getArgs(values: Values, rest: readonly string[], debug: boolean): GetArgs {
  const [resource, ...names] = rest;
  if (resource === undefined) {
    // kubectl's three lines (its fourth names `kubectl explain`, which rxkube has not).
    throw new CliError('Required resource not specified.', {
      before: ['You must specify the type of resource to get.', ''],
      after: ["See 'rxkube get -h' for help and examples"],
    });
  }
  // As kubectl: --all-namespaces wins over --namespace.
  const format = outputSpec(text(values.output));
  const sort = text(values.sort) ?? 'auto';
  if (!(SORTS as readonly string[]).includes(sort)) {
    throw new CliError(`unknown sort order "${sort}" (one of: ${SORTS.join(', ')})`);
  }
  return {
    command: 'get',
    resource,
    names,
    allNamespaces: flag(values['all-namespaces']),
    watch: flag(values.watch) || flag(values['watch-only']),
    output: format.kind === 'wide' ? 'table' : (format.kind as OutputFormat),
    format,
    showLabels: flag(values['show-labels']),
    labelColumns: texts(values['label-columns']).flatMap((list) =>
      list.split(',').filter((label) => label !== ''),
    ),
    noHeaders: flag(values['no-headers']),
    showKind: flag(values['show-kind']),
    showManagedFields: flag(values['show-managed-fields']),
    watchOnly: flag(values['watch-only']),
    ...defined('sortBy', text(values['sort-by'])),
    chunkSize: integer(text(values['chunk-size']), 'chunk-size', cliDefaults.chunkSize, 0),
    outputWatchEvents: flag(values['output-watch-events']),
    sort: sort as GetArgs['sort'],
    debug,
    ...defined('namespace', text(values.namespace)),
    ...defined('selector', text(values.selector)),
    ...defined('fieldSelector', text(values['field-selector'])),
    ...connectionArgs(values),
  };
}

function demoArgs(values: Values, rest: readonly string[], debug: boolean): DemoArgs {
  if (rest.length > 0) throw new CliError(`unexpected argument "${rest[0]}" for "rxkube demo"`);
  const duration = text(values.duration);
  return {
    command: 'demo',
    rate: number(text(values.rate), 'rate', cliDefaults.demoRate, Number.MIN_VALUE),
    pods: integer(text(values.pods), 'pods', cliDefaults.demoPods, 1),
    seed: integer(text(values.seed), 'seed', cliDefaults.demoSeed, 0),
    faultEverySeconds: number(
      text(values['fault-every']),
      'fault-every',
      cliDefaults.demoFaultEverySeconds,
      Number.MIN_VALUE,
    ),
    faults: !flag(values['no-faults']),
    debug,
    ...(duration === undefined
      ? {}
      : { durationSeconds: number(duration, 'duration', 0, Number.MIN_VALUE) }),
  };
}

/** kubectl's connection flags (for `get` and `proxy`). */
function connectionArgs(values: Values): ConnectionArgs {
  return {
    ...defined('kubeconfig', text(values.kubeconfig)),
    ...defined('context', text(values.context)),
    ...defined('server', text(values.server)),
    ...defined('cluster', text(values.cluster)),
    ...defined('user', text(values.user)),
    ...defined('token', text(values.token)),
    ...defined('certificateAuthority', text(values['certificate-authority'])),
    ...defined(
      'insecureSkipTlsVerify',
      values['insecure-skip-tls-verify'] === undefined
        ? undefined
        : flag(values['insecure-skip-tls-verify']),
    ),
    ...defined('as', text(values.as)),
    ...defined(
      'asGroups',
      values['as-group'] === undefined ? undefined : texts(values['as-group']),
    ),
    ...defined('requestTimeoutMs', duration(text(values['request-timeout']))),
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
    // kubectl's words.
    throw new CliError(
      'Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)',
    );
  }
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1_000;
  return Number(match[1]) * unit;
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

function flag(value: FlagValues[string]): boolean {
  return value === true;
}
