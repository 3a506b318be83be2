import { GoInt, type GoValue } from './go-format.js';
import { GoTemplateError } from './go-template-error.js';
import {
  COMPARISONS,
  ExecError,
  FUNCTIONS,
  fail,
  field,
  isMap,
  isNil,
  MISSING,
  type Place,
  printed,
  truth,
  type Value,
} from './go-template-functions.js';
import type {
  GoTemplateArg,
  GoTemplateCall,
  GoTemplateCommand,
  GoTemplateControl,
  GoTemplateNode,
  GoTemplatePipe,
} from './go-template-node.js';
import { parseGoTemplate } from './go-template-parse.js';

/**
 * How deep `{{template}}` calls may nest (a template that calls itself fails here). Go allows
 * 100000; a JavaScript stack ends far sooner, so the limit is lower and the message the same.
 */
const MAX_TEMPLATE_DEPTH = 1000;

type Scope = { name: string; value: Value }[];

/** `{{break}}` and `{{continue}}` leave the body of the innermost range. */
class LoopJump {
  constructor(readonly kind: 'break' | 'continue') {}
}

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
