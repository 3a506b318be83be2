/**
 * A flag: a boolean (`--watch`, `--watch=false`) or one that takes a value (`-n x`, `-nx`,
 * `-n=x`, `--namespace x`, `--namespace=x`), repeatable with `multiple`; `int` values are read
 * as kubectl reads its integer flags. The shape of `node:util`'s `parseArgs` options.
 */
export interface FlagSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  readonly multiple?: boolean;
  /** The value is a whole number (kubectl's `int64` flags, such as `--chunk-size`). */
  readonly int?: boolean;
}

/** Flag specifications by long name. */
export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

/** What was set, by long name: a boolean, a string, or every string of a repeated flag. */
export type FlagValues = Record<string, string | boolean | string[] | undefined>;

/** A flag's value when it is one string (not set, a boolean or a repeated flag: `undefined`). */
export function text(value: FlagValues[string]): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A flag's strings: every one of a repeated flag, the one of a single flag, or none. */
export function texts(value: FlagValues[string]): string[] {
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

/** A command line that kubectl's flag parser would refuse, worded as kubectl words it. */
export class FlagError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlagError';
  }
}

/** Go's `strconv.ParseBool`, which kubectl's boolean flags use. */
const BOOLEANS: Readonly<Record<string, boolean>> = {
  1: true,
  t: true,
  T: true,
  TRUE: true,
  true: true,
  True: true,
  0: false,
  f: false,
  F: false,
  FALSE: false,
  false: false,
  False: false,
};

/** A whole number as Go's `strconv.ParseInt(text, 0, 64)` reads one (base prefixes, `_`). */
const INTEGER =
  /^[+-]?(?:0[xX](?:_?[0-9a-fA-F])+|0[bB](?:_?[01])+|0[oO]?(?:_?[0-7])+|[1-9](?:_?\d)*|0)$/;

/**
 * Reads a command line as kubectl's flag library (spf13/pflag) does, flags and arguments in any
 * order: a flag that takes a value takes the next argument whatever it looks like (`-n -A` is the
 * namespace `-A`), short booleans combine (`-Aw`), a value may be attached (`-ojson`, `-o=json`),
 * `--` ends the flags and `-` alone is an argument. A mistake throws a {@link FlagError} with
 * kubectl's words: `unknown flag: --bogus`, `unknown shorthand flag: 'x' in -x`, `flag needs an
 * argument: 'o' in -o`, `invalid argument "maybe" for "--no-headers" flag: …`, `bad flag syntax:
 * ---x`.
 */
export function parseFlags(
  argv: readonly string[],
  specs: FlagSpecs,
): { values: FlagValues; positionals: string[] } {
  const shorts = new Map<string, string>();
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.short !== undefined) shorts.set(spec.short, name);
  }
  const values: FlagValues = {};
  const positionals: string[] = [];
  const set = (name: string, spec: FlagSpec, value: string | true) => {
    if (spec.type === 'boolean') {
      const parsed = value === true ? true : BOOLEANS[value];
      if (parsed === undefined) {
        throw invalidArgument(String(value), name, spec, 'strconv.ParseBool');
      }
      values[name] = parsed;
      return;
    }
    const text = String(value);
    if (spec.int && !INTEGER.test(text))
      throw invalidArgument(text, name, spec, 'strconv.ParseInt');
    if (spec.multiple) {
      const previous = values[name];
      values[name] = [...(Array.isArray(previous) ? previous : []), text];
    } else values[name] = text;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    if (arg.startsWith('--')) {
      const body = arg.slice(2);
      if (body === '' || body.startsWith('-') || body.startsWith('=')) {
        throw new FlagError(`bad flag syntax: ${arg}`);
      }
      const eq = body.indexOf('=');
      const name = eq < 0 ? body : body.slice(0, eq);
      const spec = specs[name];
      if (spec === undefined) throw new FlagError(`unknown flag: --${name}`);
      if (eq >= 0) set(name, spec, body.slice(eq + 1));
      else if (spec.type === 'boolean') set(name, spec, true);
      else if (i + 1 < argv.length) set(name, spec, argv[++i] as string);
      else throw new FlagError(`flag needs an argument: --${name}`);
      continue;
    }
    // Shorthands: `-Aw`, `-ojson`, `-o=json`, `-o json`, `-w=false`.
    let rest = arg.slice(1);
    while (rest !== '') {
      const letter = rest[0] as string;
      const name = shorts.get(letter);
      if (name === undefined)
        throw new FlagError(`unknown shorthand flag: '${letter}' in -${rest}`);
      const spec = specs[name] as FlagSpec;
      const after = rest.slice(1);
      if (after.startsWith('=')) {
        set(name, spec, after.slice(1));
        break;
      }
      if (spec.type === 'boolean') {
        set(name, spec, true);
        rest = after;
        continue;
      }
      if (after !== '') set(name, spec, after);
      else if (i + 1 < argv.length) set(name, spec, argv[++i] as string);
      else throw new FlagError(`flag needs an argument: '${letter}' in -${letter}`);
      break;
    }
  }
  return { values, positionals };
}

/**
 * The arguments of a command line that are not flags nor their values, as cobra finds the
 * command among them before the command's own flags are known: a flag of `specs` that takes a
 * value takes the next argument with it; any other flag stands alone.
 */
export function argumentsOf(argv: readonly string[], specs: FlagSpecs): string[] {
  const takesValue = new Set<string>();
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.type === 'string') {
      takesValue.add(`--${name}`);
      if (spec.short !== undefined) takesValue.add(`-${spec.short}`);
    }
  }
  const found: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      found.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') found.push(arg);
    else if (takesValue.has(arg)) i++;
  }
  return found;
}

function invalidArgument(value: string, name: string, spec: FlagSpec, parser: string): FlagError {
  const flag = spec.short === undefined ? `--${name}` : `-${spec.short}, --${name}`;
  return new FlagError(
    `invalid argument ${JSON.stringify(value)} for ${JSON.stringify(flag)} flag: ${parser}: parsing ${JSON.stringify(value)}: invalid syntax`,
  );
}
