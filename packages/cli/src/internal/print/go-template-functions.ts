import { GoInt, type GoValue, goPrint, goSprintf, goTypeName } from './go-format.js';

/**
 * The values a Go template works on and the functions it may call: text/template's built-ins
 * and kubectl's `exists` and `base64decode`, with Go's truth, equality and order. Execution
 * itself is in `go-template.ts`.
 */
/** A missing map key (Go's invalid `reflect.Value`): printed `<no value>`, false in `if`. */
export const MISSING = Symbol('missing');
export type Value = GoValue | typeof MISSING;

/** Where execution is, for error messages: the node Go's `s.at` would name. */
export interface Place {
  readonly pos: number;
  readonly text: string;
}

export class ExecError extends Error {
  place: Place | undefined;
  /** The template being executed where it failed (`output`: the source itself). */
  template = 'output';
}

export function fail(detail: string): never {
  throw new ExecError(detail);
}

export function isMap(value: Value): value is { readonly [key: string]: GoValue } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof GoInt)
  );
}

/** Go's truth: false, 0, nil, missing and empty strings, lists and maps are false. */
export function truth(value: Value): boolean {
  if (value === MISSING || value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > 0;
  if (typeof value === 'number') return value !== 0;
  if (value instanceof GoInt) return value.value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  return Object.keys(value).length > 0;
}

function typeName(value: Value): string {
  return value === MISSING ? '<no value>' : goTypeName(value);
}

/** `.name` of a value, as text/template reads a field of `map[string]interface{}` data. */
export function field(receiver: Value, name: string): Value {
  if (receiver === MISSING) return MISSING;
  if (receiver === null || receiver === undefined) {
    return fail(`nil pointer evaluating interface {}.${name}`);
  }
  if (isMap(receiver)) return Object.hasOwn(receiver, name) ? (receiver[name] as GoValue) : MISSING;
  return fail(`can't evaluate field ${name} in type interface {}`);
}

/** text/template's `basicKind`: the kinds `eq` and `lt` compare; `undefined` for the rest. */
function basicKind(value: Value): 'bool' | 'int' | 'float' | 'string' | undefined {
  if (typeof value === 'boolean') return 'bool';
  if (value instanceof GoInt) return 'int';
  if (typeof value === 'number') return 'float';
  if (typeof value === 'string') return 'string';
  return undefined;
}

function plain(value: Value): boolean | number | string {
  return value instanceof GoInt ? value.value : (value as boolean | number | string);
}

/** Missing values and JSON `null` are Go's invalid (nil) values. */
export function isNil(value: Value): boolean {
  return value === MISSING || value === null || value === undefined;
}

/** Go 1.19's `eq` for two values: nil equals nil, other kinds must match. */
function equal(a: Value, b: Value): boolean {
  const ka = basicKind(a);
  const kb = basicKind(b);
  if (ka !== kb) {
    if (!isNil(a) && !isNil(b)) return fail('incompatible types for comparison');
    return false;
  }
  if (ka !== undefined) return plain(a) === plain(b);
  if (isNil(a) || isNil(b)) return isNil(a) === isNil(b);
  return fail(`non-comparable type ${printed(a)}: ${typeName(a)}`);
}

function less(a: Value, b: Value): boolean {
  const ka = basicKind(a);
  const kb = basicKind(b);
  if (ka === undefined || kb === undefined || ka === 'bool') {
    return fail('invalid type for comparison');
  }
  if (ka !== kb) return fail('incompatible types for comparison');
  return plain(a) < plain(b);
}

function stringArg(value: Value): string {
  if (typeof value !== 'string') {
    return fail(`wrong type for value; expected string; got ${typeName(value)}`);
  }
  return value;
}

/** `fmt.Sprint`: a space between operands when neither side is a string. */
function sprint(args: readonly Value[]): string {
  let out = '';
  args.forEach((arg, i) => {
    const previous = args[i - 1];
    if (i > 0 && typeof arg !== 'string' && typeof previous !== 'string') out += ' ';
    out += printed(arg);
  });
  return out;
}

export function printed(value: Value): string {
  return value === MISSING ? '<no value>' : goPrint(value);
}

function lengthOf(value: Value): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (Array.isArray(value)) return value.length;
  if (isMap(value)) return Object.keys(value).length;
  return fail(`len of type ${typeName(value)}`);
}

function index(item: Value, keys: readonly Value[]): Value {
  let current = item;
  for (const key of keys) {
    if (Array.isArray(current)) {
      if (!(key instanceof GoInt)) {
        return fail(`cannot index slice/array with type ${typeName(key)}`);
      }
      const at = key.value;
      if (at < 0 || at >= current.length) {
        return fail(`index out of range: ${at}`);
      }
      current = current[at] as GoValue;
    } else if (isMap(current)) {
      if (typeof key !== 'string') {
        return fail(`value has type ${typeName(key)}; should be string`);
      }
      // A missing key gives the map's zero element, which prints as `<no value>`.
      current = Object.hasOwn(current, key) ? (current[key] as GoValue) : MISSING;
    } else if (current === null || current === undefined || current === MISSING) {
      return fail('index of untyped nil');
    } else {
      return fail(`can't index item of type ${typeName(current)}`);
    }
  }
  return current;
}

/** kubectl's `exists`: whether the keys lead somewhere in nested maps and lists. */
function exists(item: Value, keys: readonly Value[]): boolean {
  let current = item;
  for (const key of keys) {
    if (Array.isArray(current) && key instanceof GoInt) {
      if (key.value < 0 || key.value >= current.length) return false;
      current = current[key.value] as GoValue;
    } else if (isMap(current) && typeof key === 'string') {
      if (!Object.hasOwn(current, key)) return false;
      current = current[key] as GoValue;
    } else return false;
  }
  return true;
}

/** An index of `slice`: an integer within `0..cap`. */
function sliceIndex(value: Value, cap: number): number {
  if (isNil(value)) return fail('cannot index slice/array with nil');
  if (!(value instanceof GoInt)) {
    return fail(`cannot index slice/array with type ${typeName(value)}`);
  }
  if (value.value < 0 || value.value > cap) return fail(`index out of range: ${value.value}`);
  return value.value;
}

/** text/template's `slice`: `x[i:j]` of a string (its bytes) or a list; `x[i:j:k]` of a list. */
function slice(item: Value, indexes: readonly Value[]): Value {
  if (isNil(item)) return fail('slice of untyped nil');
  if (indexes.length > 3) return fail(`too many slice indexes: ${indexes.length}`);
  let length: number;
  if (typeof item === 'string') {
    if (indexes.length === 3) return fail('cannot 3-index slice a string');
    length = Buffer.byteLength(item, 'utf8');
  } else if (Array.isArray(item)) length = item.length;
  else return fail(`can't slice item of type ${typeName(item)}`);
  const bounds = [0, length, length];
  indexes.forEach((index, i) => {
    bounds[i] = sliceIndex(index, length);
  });
  const [from = 0, to = length, max = length] = bounds;
  if (from > to) return fail(`invalid slice index: ${from} > ${to}`);
  if (indexes.length === 3 && to > max) return fail(`invalid slice index: ${to} > ${max}`);
  if (typeof item === 'string') {
    return Buffer.from(item, 'utf8').subarray(from, to).toString('utf8');
  }
  return item.slice(from, to);
}

/** kubectl's `base64decode`: standard base64 (with padding) to text. */
function base64decode(value: Value): string {
  const text = stringArg(value);
  const valid = /^[A-Za-z0-9+/]*={0,2}$/.test(text) && text.length % 4 === 0;
  if (!valid) {
    const bad = text.search(/[^A-Za-z0-9+/=]/);
    const at = bad >= 0 ? bad : Math.floor(text.length / 4) * 4;
    return fail(`base64 decode failed: illegal base64 data at input byte ${at}`);
  }
  return Buffer.from(text, 'base64').toString('utf8');
}

function html(args: readonly Value[]): string {
  return sprint(args)
    .replace(/&/g, '&amp;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&#34;')
    .replace(/\0/g, '\uFFFD');
}

type Fn = (args: readonly Value[]) => Value;

/** text/template's built-in functions and kubectl's own (`exists`, `base64decode`). */
export const FUNCTIONS: Readonly<Record<string, Fn>> = {
  and: (args) => {
    if (args.length === 0) return fail('wrong number of args for and: want at least 1 got 0');
    for (const arg of args) if (!truth(arg)) return arg;
    return args[args.length - 1];
  },
  or: (args) => {
    if (args.length === 0) return fail('wrong number of args for or: want at least 1 got 0');
    for (const arg of args) if (truth(arg)) return arg;
    return args[args.length - 1];
  },
  not: (args) => {
    if (args.length !== 1) return fail(`wrong number of args for not: want 1 got ${args.length}`);
    return !truth(args[0]);
  },
  len: (args) => {
    if (args.length !== 1) return fail(`wrong number of args for len: want 1 got ${args.length}`);
    return new GoInt(lengthOf(args[0]));
  },
  index: (args) => {
    if (args.length === 0) return fail('wrong number of args for index: want at least 1 got 0');
    return index(args[0], args.slice(1));
  },
  print: (args) => sprint(args),
  println: (args) => `${args.map(printed).join(' ')}\n`,
  printf: (args) => {
    if (args.length === 0) return fail('wrong number of args for printf: want at least 1 got 0');
    return goSprintf(
      stringArg(args[0]),
      args.slice(1).map((a) => (a === MISSING ? null : a)),
    );
  },
  eq: (args) => {
    if (args.length < 2) return fail('missing argument for comparison');
    return args.slice(1).some((b) => equal(args[0], b));
  },
  ne: (args) => {
    if (args.length !== 2) return fail(`wrong number of args for ne: want 2 got ${args.length}`);
    return !equal(args[0], args[1]);
  },
  lt: (args) => less(args[0], args[1]),
  le: (args) => less(args[0], args[1]) || equal(args[0], args[1]),
  gt: (args) => !(less(args[0], args[1]) || equal(args[0], args[1])),
  ge: (args) => !less(args[0], args[1]),
  html,
  slice: (args) => {
    if (args.length === 0) return fail('wrong number of args for slice: want at least 1 got 0');
    return slice(args[0], args.slice(1));
  },
  urlquery: (args) => encodeURIComponent(sprint(args)).replace(/%20/g, '+'),
  exists: (args) => {
    if (args.length === 0) return fail('wrong number of args for exists: want at least 1 got 0');
    return exists(args[0], args.slice(1));
  },
  base64decode: (args) => {
    if (args.length !== 1) {
      return fail(`wrong number of args for base64decode: want 1 got ${args.length}`);
    }
    return base64decode(args[0]);
  },
};

export const COMPARISONS = new Set(['lt', 'le', 'gt', 'ge']);
