import { GoInt, type GoValue, goPrint, goSprintf, goTypeName } from './go-format.js';
import { GoTemplateError } from './go-template-error.js';
import {
  type GoTemplateArg,
  type GoTemplateCall,
  type GoTemplateCommand,
  type GoTemplateControl,
  type GoTemplateNode,
  type GoTemplatePipe,
  parseGoTemplate,
} from './go-template-parse.js';

/**
 * How deep `{{template}}` calls may nest (a template that calls itself fails here). Go allows
 * 100000; a JavaScript stack ends far sooner, so the limit is lower and the message the same.
 */
const MAX_TEMPLATE_DEPTH = 1000;

/** A missing map key (Go's invalid `reflect.Value`): printed `<no value>`, false in `if`. */
const MISSING = Symbol('missing');
type Value = GoValue | typeof MISSING;
type Scope = { name: string; value: Value }[];

/** Where execution is, for error messages: the node Go's `s.at` would name. */
interface Place {
  readonly pos: number;
  readonly text: string;
}

class ExecError extends Error {
  place: Place | undefined;
  /** The template being executed where it failed (`output`: the source itself). */
  template = 'output';
}

/** `{{break}}` and `{{continue}}` leave the body of the innermost range. */
class LoopJump {
  constructor(readonly kind: 'break' | 'continue') {}
}

function fail(detail: string): never {
  throw new ExecError(detail);
}

function isMap(value: Value): value is { readonly [key: string]: GoValue } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof GoInt)
  );
}

/** Go's truth: false, 0, nil, missing and empty strings, lists and maps are false. */
function truth(value: Value): boolean {
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
function field(receiver: Value, name: string): Value {
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
function isNil(value: Value): boolean {
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

function printed(value: Value): string {
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
const FUNCTIONS: Readonly<Record<string, Fn>> = {
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

const COMPARISONS = new Set(['lt', 'le', 'gt', 'ge']);

/** Runs a parsed template on data. */
class Execution {
  out = '';
  private vars: Scope;
  /** The named template running now, and how many calls deep. */
  private current = 'output';
  private depth = 0;

  /** Runs `evaluate` with `place` as the node errors name (unless a deeper one named it). */
  private at<T>(place: Place, evaluate: () => T): T {
    try {
      return evaluate();
    } catch (error) {
      if (error instanceof ExecError && error.place === undefined) {
        error.place = place;
        error.template = this.current;
      }
      throw error;
    }
  }

  constructor(
    root: GoValue,
    private readonly templates: ReadonlyMap<string, readonly GoTemplateNode[]>,
  ) {
    this.vars = [{ name: '$', value: root }];
  }

  /** `{{template "name" pipeline}}`: the named template with that dot, and `$` set to it. */
  private call(node: GoTemplateCall, dot: Value): void {
    const nodes = this.templates.get(node.name);
    if (nodes === undefined) this.at(node, () => fail(`template "${node.name}" not defined`));
    if (this.depth >= MAX_TEMPLATE_DEPTH) {
      this.at(node, () => fail(`exceeded maximum template depth (${MAX_TEMPLATE_DEPTH})`));
    }
    // Variables the pipeline declares stay in the caller's scope.
    const value = node.pipe === undefined ? MISSING : this.pipe(node.pipe, dot);
    const caller = { vars: this.vars, current: this.current };
    // No dynamic scoping: the called template sees no variable of its caller.
    this.vars = [{ name: '$', value }];
    this.current = node.name;
    this.depth++;
    try {
      this.nodes(nodes ?? [], value);
    } finally {
      this.depth--;
      this.vars = caller.vars;
      this.current = caller.current;
    }
  }

  run(nodes: readonly GoTemplateNode[], dot: Value): string {
    this.nodes(nodes, dot);
    return this.out;
  }

  private nodes(nodes: readonly GoTemplateNode[], dot: Value): void {
    for (const node of nodes) this.node(node, dot);
  }

  private scoped(run: () => void): void {
    const mark = this.vars.length;
    try {
      run();
    } finally {
      this.vars.length = mark;
    }
  }

  private node(node: GoTemplateNode, dot: Value): void {
    switch (node.kind) {
      case 'text':
        this.out += node.text;
        return;
      case 'action': {
        const value = this.pipe(node.pipe, dot);
        if (node.pipe.declare.length === 0) this.out += printed(value);
        return;
      }
      case 'if':
      case 'with':
        this.scoped(() => {
          const value = this.pipe(node.pipe, dot);
          if (truth(value)) this.nodes(node.body, node.kind === 'with' ? value : dot);
          else this.nodes(node.otherwise, dot);
        });
        return;
      case 'range':
        this.scoped(() => this.range(node, dot));
        return;
      case 'template':
        this.call(node, dot);
        return;
      case 'break':
      case 'continue':
        throw new LoopJump(node.kind);
    }
  }

  private range(node: GoTemplateControl, dot: Value): void {
    const mark = this.vars.length;
    // The pipeline's own declarations name the element (and the key or index) instead.
    const { declare } = node.pipe;
    const value = this.pipe({ ...node.pipe, declare: [] }, dot);
    const each = (key: GoValue, item: GoValue) => {
      this.vars.length = mark;
      const [first, second] = declare;
      if (first !== undefined && second === undefined) this.vars.push({ name: first, value: item });
      if (first !== undefined && second !== undefined) {
        this.vars.push({ name: first, value: key }, { name: second, value: item });
      }
      try {
        this.nodes(node.body, item);
      } catch (jump) {
        if (!(jump instanceof LoopJump)) throw jump;
        return jump.kind === 'continue';
      }
      return true;
    };
    if (Array.isArray(value)) {
      if (value.length === 0) {
        this.nodes(node.otherwise, dot);
        return;
      }
      for (let i = 0; i < value.length; i++) if (!each(new GoInt(i), value[i] as GoValue)) break;
      return;
    }
    if (isMap(value)) {
      const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (keys.length === 0) {
        this.nodes(node.otherwise, dot);
        return;
      }
      for (const key of keys) if (!each(key, value[key] as GoValue)) break;
      return;
    }
    if (isNil(value)) {
      this.nodes(node.otherwise, dot);
      return;
    }
    this.at(node.pipe, () => fail(`range can't iterate over ${printed(value)}`));
  }

  private pipe(pipe: GoTemplatePipe, dot: Value): Value {
    let value: Value | undefined;
    for (const command of pipe.commands) value = this.command(command, dot, value);
    const result = value === undefined ? MISSING : value;
    if (pipe.declare.length > 0) {
      const name = pipe.declare[0] ?? '';
      if (pipe.assign) {
        const found = [...this.vars].reverse().find((v) => v.name === name);
        if (found === undefined) fail(`undefined variable: ${name}`);
        found.value = result;
      } else this.vars.push({ name, value: result });
    }
    return result;
  }

  private command(command: GoTemplateCommand, dot: Value, final: Value | undefined): Value {
    const [head, ...rest] = command.args;
    if (head === undefined) return fail('empty command');
    if (head.kind === 'identifier') {
      const fn = FUNCTIONS[head.name];
      if (fn === undefined) return fail(`"${head.name}" is not a defined function`);
      if (head.name === 'and' || head.name === 'or') {
        // Go 1.18+ evaluates `and` and `or` arguments only as far as needed.
        const lazy = [
          ...rest.map((arg) => () => this.arg(arg, dot)),
          ...(final === undefined ? [] : [() => final]),
        ];
        if (lazy.length === 0) return this.at(command, () => fn([]));
        let value: Value = MISSING;
        for (const next of lazy) {
          value = next();
          if (truth(value) === (head.name === 'or')) return value;
        }
        return value;
      }
      const args = rest.map((arg) => this.arg(arg, dot));
      if (final !== undefined) args.push(final);
      return this.at(command, () => {
        if (COMPARISONS.has(head.name) && args.length !== 2) {
          return fail(`wrong number of args for ${head.name}: want 2 got ${args.length}`);
        }
        try {
          return fn(args);
        } catch (error) {
          // What a function returns as its error, text/template reports as the call's.
          if (error instanceof ExecError && !error.message.startsWith('wrong number of args')) {
            error.message = `error calling ${head.name}: ${error.message}`;
          }
          throw error;
        }
      });
    }
    if (head.kind === 'nil') return this.at(head, () => fail('nil is not a command'));
    if (rest.length > 0 || final !== undefined) {
      return this.at(head, () => fail(`can't give argument to non-function ${head.text}`));
    }
    return this.arg(head, dot);
  }

  private arg(arg: GoTemplateArg, dot: Value): Value {
    switch (arg.kind) {
      case 'field':
        return this.at(arg, () => arg.fields.reduce<Value>(field, dot));
      case 'variable': {
        const found = [...this.vars].reverse().find((v) => v.name === arg.name);
        if (found === undefined) return this.at(arg, () => fail(`undefined variable: ${arg.name}`));
        return this.at(arg, () => arg.fields.reduce<Value>(field, found.value));
      }
      case 'pipe': {
        const value = this.pipe(arg.pipe, dot);
        return this.at(arg, () => arg.fields.reduce<Value>(field, value));
      }
      case 'string':
        return arg.value;
      case 'number':
        return arg.integer ? new GoInt(arg.value) : arg.value;
      case 'bool':
        return arg.value;
      case 'nil':
        return null;
      case 'identifier': {
        const fn = FUNCTIONS[arg.name];
        if (fn === undefined) return fail(`"${arg.name}" is not a defined function`);
        return fn([]);
      }
    }
  }
}

/** A compiled `-o go-template`: prints data as kubectl 1.20's template printer does. */
export interface GoTemplate {
  /** The output for one document (a List or an object); throws a {@link GoTemplateError}. */
  execute(data: unknown): string;
}

/**
 * Compiles a Go text/template as `kubectl get -o go-template=…` runs it: the data is the JSON
 * document (numbers are float64, so `{{.spec.replicas}}` prints `3` and a million `1e+06`), a
 * missing key prints `<no value>`, and the functions are text/template's (`and or not len index
 * print printf println eq ne lt le gt ge html slice urlquery`) plus kubectl's `exists` and
 * `base64decode`; `define`, `template` and `block` name and run templates as in Go. A template that does not parse is a `CliError`, one that fails a
 * {@link GoTemplateError}, both in kubectl's words.
 */
export function compileGoTemplate(source: string): GoTemplate {
  const parsed = parseGoTemplate(source, new Set(Object.keys(FUNCTIONS)));
  return {
    execute(data) {
      const root = JSON.parse(JSON.stringify(data ?? null)) as GoValue;
      const execution = new Execution(root, parsed.templates);
      try {
        return execution.run(parsed.root, root);
      } catch (error) {
        if (!(error instanceof ExecError)) throw error;
        throw new GoTemplateError(
          source,
          root,
          execution.out,
          error.message,
          error.place,
          error.template,
        );
      }
    },
  };
}
