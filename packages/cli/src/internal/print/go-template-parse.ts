import { CliError } from '../cli-error.js';
import { scanTemplate, type Token, tokenize } from './go-template-lex.js';
import type { GoTemplateNode, GoTemplatePipe, GoTemplateSet } from './go-template-node.js';
import { PipeReader } from './go-template-pipe.js';

/** The error kubectl prints for a template that does not parse. */
function parseError(template: string, detail: string): CliError {
  return new CliError(`error parsing template ${template}, template: output:${detail}`);
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
  const { actions, tail } = scanTemplate(template, (line, detail) => {
    throw parseError(template, `${line}: ${detail}`);
  });
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
