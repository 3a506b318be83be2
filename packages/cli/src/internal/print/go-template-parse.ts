import { CliError } from '../cli-error.js';

/** Where a node is (offset in the template) and how Go prints it in errors. */
interface Located {
  readonly pos: number;
  readonly text: string;
}

/** An operand of a command: what Go's text/template calls an argument. */
export type GoTemplateArg = Located &
  (
    | { readonly kind: 'field'; readonly fields: readonly string[] }
    | { readonly kind: 'variable'; readonly name: string; readonly fields: readonly string[] }
    | { readonly kind: 'identifier'; readonly name: string }
    | { readonly kind: 'string'; readonly value: string }
    | { readonly kind: 'number'; readonly value: number; readonly integer: boolean }
    | { readonly kind: 'bool'; readonly value: boolean }
    | { readonly kind: 'nil' }
    | { readonly kind: 'pipe'; readonly pipe: GoTemplatePipe; readonly fields: readonly string[] }
  );

/** One command of a pipeline: a function and its arguments, or one operand. */
export interface GoTemplateCommand extends Located {
  readonly args: readonly GoTemplateArg[];
}

/** A pipeline: optional variable declarations, then commands joined by `|`. */
export interface GoTemplatePipe extends Located {
  readonly declare: readonly string[];
  /** `=` (assign to existing variables) rather than `:=`. */
  readonly assign: boolean;
  readonly commands: readonly GoTemplateCommand[];
}

/** A node of a parsed template. */
export type GoTemplateNode =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'action'; readonly pipe: GoTemplatePipe }
  | GoTemplateControl
  | GoTemplateCall
  | { readonly kind: 'break' | 'continue' };

/** `{{template "name" pipeline}}` (also what `{{block}}` leaves in place): runs a named template. */
export interface GoTemplateCall extends Located {
  readonly kind: 'template';
  readonly name: string;
  /** Its dot; none: the named template runs with no value. */
  readonly pipe: GoTemplatePipe | undefined;
}

/** A parsed source: the template kubectl runs (`output`) and the ones it defines by name. */
export interface GoTemplateSet {
  readonly root: readonly GoTemplateNode[];
  readonly templates: ReadonlyMap<string, readonly GoTemplateNode[]>;
}

/** `if`, `with` or `range`: the pipeline, its body and its `else`. */
export interface GoTemplateControl {
  readonly kind: 'if' | 'with' | 'range';
  readonly pipe: GoTemplatePipe;
  readonly body: readonly GoTemplateNode[];
  readonly otherwise: readonly GoTemplateNode[];
}

type Token = { readonly pos: number; readonly raw: string } & (
  | { readonly t: 'word'; readonly v: string }
  | { readonly t: 'field'; readonly v: string }
  | { readonly t: 'var'; readonly v: string }
  | { readonly t: 'string'; readonly v: string }
  | { readonly t: 'number'; readonly v: number; readonly integer: boolean }
  | { readonly t: 'punct'; readonly v: '(' | ')' | '|' | ':=' | '=' | ',' }
);

/** The error kubectl prints for a template that does not parse. */
function parseError(template: string, detail: string): CliError {
  return new CliError(`error parsing template ${template}, template: output:${detail}`);
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  '"': '"',
  "'": "'",
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

/** Functions of Go's text/template that rxkube does not run: named as such, not as unknown. */
const UNSUPPORTED_FUNCTIONS = new Set(['call', 'js']);

type WithoutPlace<T> = T extends unknown ? Omit<T, 'pos' | 'raw'> : never;
type TokenBody = WithoutPlace<Token>;

/** The tokens of one action's text (between `{{` and `}}`), which starts at `offset`. */
function tokenize(text: string, offset: number, fail: (detail: string) => never): Token[] {
  const out: Token[] = [];
  let i = 0;
  let start = 0;
  const emit = (token: TokenBody) => {
    out.push({ ...token, pos: offset + start, raw: text.slice(start, i) } as Token);
  };
  while (i < text.length) {
    start = i;
    const c = text.charAt(i);
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === '|' || c === ',') {
      i++;
      emit({ t: 'punct', v: c });
      continue;
    }
    if (c === ':' && text[i + 1] === '=') {
      i += 2;
      emit({ t: 'punct', v: ':=' });
      continue;
    }
    if (c === '=') {
      i++;
      emit({ t: 'punct', v: '=' });
      continue;
    }
    if (c === '"') {
      let value = '';
      i++;
      for (;;) {
        const ch = text[i];
        if (ch === undefined || ch === '\n') fail('unterminated quoted string');
        i++;
        if (ch === '"') break;
        if (ch === '\\') {
          const next = text[i] ?? '';
          i++;
          if (next === 'x' || next === 'u' || next === 'U') {
            const size = next === 'x' ? 2 : next === 'u' ? 4 : 8;
            const hex = text.slice(i, i + size);
            if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== size) fail('bad escape in string');
            value += String.fromCodePoint(Number.parseInt(hex, 16));
            i += size;
          } else {
            const escaped = ESCAPES[next];
            if (escaped === undefined) fail(`unknown escape sequence: \\${next}`);
            value += escaped;
          }
          continue;
        }
        value += ch;
      }
      emit({ t: 'string', v: value });
      continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end < 0) fail('unterminated raw quoted string');
      const value = text.slice(i + 1, end);
      i = end + 1;
      emit({ t: 'string', v: value });
      continue;
    }
    if (c === "'") {
      const [literal, body] = /^'(\\.|[^'\\])'/.exec(text.slice(i)) ?? [];
      if (literal === undefined || body === undefined) fail('unterminated character constant');
      const escaped = body.startsWith('\\') ? body.slice(1) : undefined;
      const ch = escaped === undefined ? body : (ESCAPES[escaped] ?? escaped);
      i += literal.length;
      emit({ t: 'number', v: ch.codePointAt(0) ?? 0, integer: true });
      continue;
    }
    const number =
      /^[+-]?(?:0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/.exec(
        text.slice(i),
      );
    if (number !== null && (c !== '.' || /\d/.test(text[i + 1] ?? ''))) {
      const literal = number[0];
      i += literal.length;
      emit({
        t: 'number',
        v: Number(literal),
        integer: /^[+-]?(?:0[xX][0-9a-fA-F]+|\d+)$/.test(literal),
      });
      continue;
    }
    if (c === '.') {
      // A lone `.` is the dot itself.
      const field = /^\.[\p{L}_][\p{L}\p{N}_]*/u.exec(text.slice(i))?.[0] ?? '.';
      i += field.length;
      emit({ t: 'field', v: field.slice(1) });
      continue;
    }
    if (c === '$') {
      // A lone `$` is the variable `$`.
      const name = /^\$[\p{L}\p{N}_]+/u.exec(text.slice(i))?.[0] ?? '$';
      i += name.length;
      emit({ t: 'var', v: name });
      continue;
    }
    const word = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(text.slice(i));
    if (word === null) fail(`unexpected "${c}" in command`);
    i += word[0].length;
    emit({ t: 'word', v: word[0] });
  }
  return out;
}

/** How Go prints a pipeline in error messages. */
function pipeText(declare: readonly string[], commands: readonly GoTemplateCommand[]): string {
  const body = commands.map((c) => c.text).join(' | ');
  return declare.length > 0 ? `${declare.join(', ')} := ${body}` : body;
}

/** Reads a pipeline from tokens (stops at `)` or the end). */
class PipeReader {
  private at = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly fail: (detail: string) => never,
    private readonly functions: ReadonlySet<string>,
  ) {}

  get done(): boolean {
    return this.at >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private next(): Token | undefined {
    return this.tokens[this.at++];
  }

  pipe(): GoTemplatePipe {
    const declare: string[] = [];
    let assign = false;
    const pos = this.peek()?.pos ?? 0;
    // `$x :=`, `$i, $v :=`, `$x =`
    const first = this.tokens[this.at];
    if (first?.t === 'var') {
      const second = this.tokens[this.at + 1];
      const third = this.tokens[this.at + 2];
      const fourth = this.tokens[this.at + 3];
      if (second?.t === 'punct' && (second.v === ':=' || second.v === '=')) {
        declare.push(first.v);
        assign = second.v === '=';
        this.at += 2;
      } else if (
        second?.t === 'punct' &&
        second.v === ',' &&
        third?.t === 'var' &&
        fourth?.t === 'punct' &&
        fourth.v === ':='
      ) {
        declare.push(first.v, third.v);
        this.at += 4;
      }
    }
    const commands: GoTemplateCommand[] = [];
    let command: GoTemplateArg[] = [];
    const close = () => {
      const head = command[0];
      if (head === undefined)
        this.fail(commands.length === 0 ? 'missing value for command' : 'missing command');
      commands.push({
        pos: head.pos,
        text: command
          .map((a) => (a.kind === 'pipe' && a.fields.length === 0 ? `(${a.text})` : a.text))
          .join(' '),
        args: command,
      });
      command = [];
    };
    for (;;) {
      const token = this.peek();
      if (token === undefined || (token.t === 'punct' && token.v === ')')) break;
      if (token.t === 'punct' && token.v === '|') {
        this.at++;
        close();
        continue;
      }
      this.at++;
      command.push(this.operand(token));
    }
    close();
    return { pos, text: pipeText(declare, commands), declare, assign, commands };
  }

  /** The operand starting at `token`, which has just been read. */
  private operand(token: Token): GoTemplateArg {
    const { pos, raw } = token;
    switch (token.t) {
      case 'field': {
        if (token.v === '') return { kind: 'field', fields: [], pos, text: '.' };
        const more = this.fields();
        // Go places a chain of fields at its second field.
        return {
          kind: 'field',
          fields: [token.v, ...more.names],
          pos: more.pos ?? pos,
          text: raw + more.text,
        };
      }
      case 'var': {
        const more = this.fields();
        return {
          kind: 'variable',
          name: token.v,
          fields: more.names,
          pos: more.pos ?? pos,
          text: raw + more.text,
        };
      }
      case 'string':
        return { kind: 'string', value: token.v, pos, text: raw };
      case 'number':
        return { kind: 'number', value: token.v, integer: token.integer, pos, text: raw };
      case 'word':
        if (token.v === 'true' || token.v === 'false') {
          return { kind: 'bool', value: token.v === 'true', pos, text: raw };
        }
        if (token.v === 'nil') return { kind: 'nil', pos, text: raw };
        if (UNSUPPORTED_FUNCTIONS.has(token.v)) {
          this.fail(`function "${token.v}" is not supported by rxkube's go-template`);
        }
        if (!this.functions.has(token.v)) this.fail(`function "${token.v}" not defined`);
        return { kind: 'identifier', name: token.v, pos, text: raw };
      case 'punct':
        if (token.v === '(') {
          const pipe = this.pipe();
          const close = this.next();
          if (close?.t !== 'punct' || close.v !== ')') this.fail('unclosed left paren');
          const more = this.fields();
          return {
            kind: 'pipe',
            pipe,
            fields: more.names,
            pos: more.pos ?? pos,
            text: `(${pipe.text})${more.text}`,
          };
        }
        return this.fail(`unexpected "${token.v}" in operand`);
    }
  }

  /** `.a.b` directly after an operand: the names, where they start, their text. */
  private fields(): { names: string[]; pos: number | undefined; text: string } {
    const names: string[] = [];
    let pos: number | undefined;
    let text = '';
    for (;;) {
      const token = this.peek();
      if (token?.t !== 'field' || token.v === '') return { names, pos, text };
      pos ??= token.pos;
      names.push(token.v);
      text += token.raw;
      this.at++;
    }
  }
}

/** One `{{…}}` of the source with the text before it. */
interface RawAction {
  readonly before: string;
  readonly body: string;
  /** Where `body` starts in the template. */
  readonly offset: number;
  readonly line: number;
}

/** Splits the source into text and actions, applying `{{-` and `-}}` trimming and comments. */
function scan(template: string): { actions: RawAction[]; tail: string } {
  const actions: RawAction[] = [];
  let i = 0;
  let pending = '';
  let trimNext = false;
  for (;;) {
    const open = template.indexOf('{{', i);
    if (open < 0) break;
    let before = template.slice(i, open);
    if (trimNext) before = before.replace(/^\s+/, '');
    let start = open + 2;
    if (template[start] === '-' && /\s/.test(template[start + 1] ?? '')) {
      before = before.replace(/\s+$/, '');
      start += 2;
    }
    const close = findClose(template, start);
    if (close < 0) {
      const line = template.slice(0, open).split('\n').length;
      throw parseError(template, `${line}: unclosed action`);
    }
    let end = close;
    trimNext = false;
    if (template[close - 1] === '-' && /\s/.test(template[close - 2] ?? '')) {
      end = close - 2;
      trimNext = true;
    }
    const body = template.slice(start, end);
    const line = template.slice(0, open).split('\n').length;
    if (/^\s*\/\*[\s\S]*\*\/\s*$/.test(body)) pending += before;
    else {
      actions.push({ before: pending + before, body, offset: start, line });
      pending = '';
    }
    i = close + 2;
  }
  let tail = template.slice(i);
  if (trimNext) tail = tail.replace(/^\s+/, '');
  return { actions, tail: pending + tail };
}

/** Where the `}}` of an action starting at `from` is, skipping quoted strings. */
function findClose(template: string, from: number): number {
  let quote: string | undefined;
  for (let i = from; i < template.length; i++) {
    const c = template[i];
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === '`') quote = c;
    else if (c === '}' && template[i + 1] === '}') return i;
  }
  return -1;
}

const KEYWORDS = new Set(['if', 'else', 'end', 'range', 'with', 'break', 'continue']);

/** How Go's lexer item prints in "unexpected …" messages. */
function itemText(token: Token | undefined): string {
  if (token === undefined) return '"}}"';
  if (token.t === 'word' && (KEYWORDS.has(token.v) || /^(define|template|block)$/.test(token.v))) {
    return `<${token.v}>`;
  }
  return token.raw.length > 10
    ? `${JSON.stringify(token.raw.slice(0, 10))}...`
    : JSON.stringify(token.raw);
}

/** text/template's `IsEmptyTree`: only blank text (a definition that may be replaced). */
function isEmptyTree(nodes: readonly GoTemplateNode[]): boolean {
  return nodes.every((node) => node.kind === 'text' && node.text.trim() === '');
}

/**
 * Parses a Go text/template as kubectl's `-o go-template` uses it: text, actions with pipelines
 * (fields, variables, literals, function calls, parenthesised pipelines, `|`), `if`/`else if`/
 * `else`, `range` (with `$i, $v :=`, `break`, `continue`) and `with` (each with `else`),
 * `define` (at the top level only), `template` and `block`, comments and `{{-`/`-}}` trimming.
 * Identifiers must name one of `functions`; `call` and `js` are refused as unsupported. A name
 * defined twice is an error unless one definition is blank, as in Go.
 */
export function parseGoTemplate(template: string, functions: ReadonlySet<string>): GoTemplateSet {
  const { actions, tail } = scan(template);
  let at = 0;
  let ranges = 0;
  /** Nesting of the action being read: `define` is allowed at 0 only. */
  let depth = 0;
  const templates = new Map<string, readonly GoTemplateNode[]>();
  const define = (name: string, nodes: readonly GoTemplateNode[], line: number) => {
    const existing = templates.get(name);
    if (existing === undefined || isEmptyTree(existing)) templates.set(name, nodes);
    else if (!isEmptyTree(nodes)) {
      throw parseError(template, `${line}: template: multiple definition of template "${name}"`);
    }
  };
  /** The body of a `define` or `block` up to its `{{end}}`: a tree of its own. */
  const definition = (context: string, fail: (detail: string) => never) => {
    const outer = ranges;
    ranges = 0;
    depth++;
    const body = block();
    depth--;
    ranges = outer;
    if (body.stop === 'eof') fail('unexpected EOF');
    if (body.stop === 'else') {
      throw parseError(template, `${body.line}: unexpected {{else}} in ${context}`);
    }
    return body;
  };
  const nameOf = (token: Token | undefined, context: string, fail: (detail: string) => never) => {
    if (token?.t !== 'string') return fail(`unexpected ${itemText(token)} in ${context}`);
    return token.v;
  };
  type Stop = 'end' | 'else' | 'eof';
  const block = (): { nodes: GoTemplateNode[]; stop: Stop; elseTokens?: Token[]; line: number } => {
    const nodes: GoTemplateNode[] = [];
    for (let action = actions[at]; action !== undefined; action = actions[at]) {
      at++;
      const fail = (detail: string): never => {
        throw parseError(template, `${action.line}: ${detail}`);
      };
      if (action.before !== '') nodes.push({ kind: 'text', text: action.before });
      const tokens = tokenize(action.body, action.offset, fail);
      const head = tokens[0];
      const keyword = head?.t === 'word' && KEYWORDS.has(head.v) ? head.v : undefined;
      if (keyword === 'end') {
        if (tokens.length > 1) fail('unexpected tokens after end');
        return { nodes, stop: 'end', line: action.line };
      }
      if (keyword === 'else')
        return { nodes, stop: 'else', elseTokens: tokens.slice(1), line: action.line };
      if (keyword === 'break' || keyword === 'continue') {
        if (ranges === 0) fail(`{{${keyword}}} outside {{range}}`);
        if (tokens.length > 1) fail(`unexpected tokens after ${keyword}`);
        nodes.push({ kind: keyword });
        continue;
      }
      if (head?.t === 'word' && head.v === 'define') {
        if (depth > 0) fail('unexpected <define> in command');
        const name = nameOf(tokens[1], 'define clause', fail);
        if (tokens.length > 2) fail(`unexpected ${itemText(tokens[2])} in define clause`);
        const body = definition('define clause', fail);
        define(name, body.nodes, body.line);
        continue;
      }
      if (head?.t === 'word' && (head.v === 'template' || head.v === 'block')) {
        const context = `${head.v} clause`;
        const nameToken = tokens[1];
        const name = nameOf(nameToken, context, fail);
        const rest = tokens.slice(2);
        let pipe: GoTemplatePipe | undefined;
        if (rest.length > 0) {
          const reader = new PipeReader(rest, fail, functions);
          pipe = reader.pipe();
          if (!reader.done) fail(`unexpected ")" in ${context}`);
        } else if (head.v === 'block') fail('missing value for block clause');
        if (head.v === 'block') {
          const body = definition(context, fail);
          define(name, body.nodes, body.line);
        }
        nodes.push({
          kind: 'template',
          name,
          pipe,
          pos: nameToken?.pos ?? action.offset,
          text: `{{template ${JSON.stringify(name)}${pipe ? ` ${pipe.text}` : ''}}}`,
        });
        continue;
      }
      if (keyword === undefined) {
        if (tokens.length === 0) fail('missing value for command');
        const reader = new PipeReader(tokens, fail, functions);
        const pipe = reader.pipe();
        if (!reader.done) fail('unexpected ")" in command');
        nodes.push({ kind: 'action', pipe });
        continue;
      }
      nodes.push(control(keyword as 'if' | 'with' | 'range', tokens.slice(1), fail));
    }
    return { nodes, stop: 'eof', line: 0 };
  };
  const control = (
    kind: 'if' | 'with' | 'range',
    tokens: Token[],
    fail: (detail: string) => never,
  ): GoTemplateNode => {
    if (tokens.length === 0) fail(`missing value for ${kind}`);
    const reader = new PipeReader(tokens, fail, functions);
    const pipe = reader.pipe();
    if (!reader.done) fail(`unexpected ")" in ${kind}`);
    if (kind === 'range') ranges++;
    depth++;
    const body = block();
    depth--;
    if (kind === 'range') ranges--;
    if (body.stop === 'eof') fail(`unexpected EOF`);
    let otherwise: GoTemplateNode[] = [];
    if (body.stop === 'else') {
      const rest = body.elseTokens ?? [];
      const chained = rest[0];
      if (
        chained?.t === 'word' &&
        (chained.v === 'if' || chained.v === 'with') &&
        kind !== 'range'
      ) {
        // `{{else if …}}` is an `if` inside the else branch that shares the `{{end}}`.
        otherwise = [control(chained.v, rest.slice(1), fail)];
      } else {
        if (rest.length > 0) fail('unexpected tokens after else');
        depth++;
        const tail = block();
        depth--;
        if (tail.stop !== 'end')
          fail(tail.stop === 'else' ? 'expected end; found {{else}}' : 'unexpected EOF');
        otherwise = tail.nodes;
      }
    }
    return { kind, pipe, body: body.nodes, otherwise };
  };
  const top = block();
  if (top.stop !== 'eof') {
    throw parseError(template, `${top.line}: unexpected {{${top.stop}}}`);
  }
  if (tail !== '') top.nodes.push({ kind: 'text', text: tail });
  // The source itself is the template named "output", added last: a blank one leaves a
  // definition of "output" in its place.
  define('output', top.nodes, template.split('\n').length);
  return { root: templates.get('output') ?? top.nodes, templates };
}
