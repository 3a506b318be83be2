import { GO_ESCAPES } from '../internal/print/go-escapes.js';
import { JsonPathError } from './json-path-error.js';
import type { FilterOperator, Step, TemplateNode } from './json-path-node.js';
import { jsonPathSyntaxError } from './json-path-syntax.js';

const FILTER = /^([^!<>=]+?)\s*(==|!=|<=|>=|<|>|=)\s*(.+?)$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** Reads a template of kubectl's JSONPath dialect into nodes (see `parseJsonPath`). */
export function parseTemplate(template: string): TemplateNode[] {
  // kubectl's own scanner first: a template kubectl cannot read fails in its words, at the
  // mistake it names first. What it reads and this reader does not fails below, in rxkube's.
  const problem = jsonPathSyntaxError(template);
  if (problem !== undefined) throw new JsonPathError(`${problem} in ${JSON.stringify(template)}`);
  const root: { nodes: TemplateNode[]; steps?: Step[] } = { nodes: [] };
  const stack = [root];
  let text = '';
  let i = 0;
  const top = () => {
    const frame = stack.at(-1);
    if (frame === undefined) throw new Error('parseTemplate lost its root frame');
    return frame;
  };
  const flushText = () => {
    if (text !== '') top().nodes.push({ kind: 'text', text });
    text = '';
  };
  while (i < template.length) {
    const ch = template[i];
    if (ch === undefined) break;
    if (ch !== '{') {
      text += ch;
      i++;
      continue;
    }
    const close = actionEnd(template, i + 1);
    if (close < 0) throw new JsonPathError(`unclosed action in ${JSON.stringify(template)}`);
    flushText();
    const inside = template.slice(i + 1, close).trim();
    i = close + 1;
    if (inside === 'end') {
      const done = stack.pop();
      if (stack.length === 0 || done?.steps === undefined) {
        throw new JsonPathError(`not in range, nothing to end in ${JSON.stringify(template)}`);
      }
      top().nodes.push({ kind: 'range', steps: done.steps, body: done.nodes });
      continue;
    }
    if (/^range\s/.test(inside)) {
      stack.push({ nodes: [], steps: parsePath(inside.slice(5).trim(), template) });
      continue;
    }
    top().nodes.push(...actionNodes(inside, template));
  }
  flushText();
  if (stack.length !== 1)
    throw new JsonPathError(`range without end in ${JSON.stringify(template)}`);
  return root.nodes;
}

/** The index of the `}` that closes an action opened before `from` (quotes respected). */
function actionEnd(template: string, from: number): number {
  for (const [ch, i] of unquoted(template, from)) if (ch === '}') return i;
  return -1;
}

/**
 * The characters of `text` from `from` on that stand outside quotes and are not escaped by a
 * backslash, with their index: what the reader's scans for `}`, `]` and `,` look at.
 */
function* unquoted(text: string, from: number): Generator<readonly [string, number]> {
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\') i++;
    else if (quote !== undefined) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else yield [ch, i];
  }
}

/** An action is a path, or a quoted string printed as it is (`{"\n"}`). */
function actionNodes(inside: string, template: string): TemplateNode[] {
  if (inside === '') return [];
  const first = inside[0];
  if ((first === '"' || first === "'") && inside.endsWith(first) && inside.length >= 2) {
    return [{ kind: 'text', text: unquote(inside, template) }];
  }
  return [{ kind: 'action', steps: parsePath(inside, template) }];
}

function unquote(quoted: string, template: string): string {
  const body = quoted.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === undefined) break;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body[++i];
    if (next === undefined || GO_ESCAPES[next] === undefined) {
      throw new JsonPathError(`invalid escape in ${quoted} of ${JSON.stringify(template)}`);
    }
    out += GO_ESCAPES[next];
  }
  return out;
}

/** Reads a path: `$`, `@`, `.a`, `..a`, `['a']`, `[0]`, `[1:3]`, `[*]`, `[?(…)]`, `[a,b]`. */
export function parsePath(path: string, template: string): Step[] {
  const steps: Step[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new JsonPathError(`${why} in ${JSON.stringify(template)}`);
  };
  if (NUMBER.test(path)) return [{ kind: 'literal', value: Number(path) }];
  if (path === 'true' || path === 'false') return [{ kind: 'literal', value: path === 'true' }];
  const q = path[0];
  if ((q === '"' || q === "'") && path.endsWith(q) && path.length >= 2) {
    return [{ kind: 'literal', value: unquote(path, template) }];
  }
  while (i < path.length) {
    const ch = path[i];
    if (ch === ' ' || ch === '\t') {
      i++;
    } else if (ch === '$') {
      steps.push({ kind: 'root' });
      i++;
    } else if (ch === '@') {
      steps.push({ kind: 'current' });
      i++;
    } else if (ch === '.') {
      if (path[i + 1] === '.') {
        steps.push({ kind: 'recursive' });
        i += 2;
      } else i++;
      if (path[i] === '*') {
        steps.push({ kind: 'wildcard' });
        i++;
        continue;
      }
      const { name, next } = fieldName(path, i);
      if (name !== '') steps.push({ kind: 'field', name });
      i = next;
    } else if (ch === '[') {
      const close = bracketEnd(path, i + 1);
      if (close < 0) fail('unclosed array, expect ]');
      steps.push(bracketStep(path.slice(i + 1, close).trim(), template, fail));
      i = close + 1;
    } else {
      // kubectl reads a leading bare field (`metadata.name`) as `.metadata.name`.
      const { name, next } = fieldName(path, i);
      if (name === '') fail(`unrecognized character ${JSON.stringify(ch)}`);
      steps.push({ kind: 'field', name });
      i = next;
    }
  }
  return steps;
}

function fieldName(path: string, from: number): { name: string; next: number } {
  let name = '';
  let i = from;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '\\' && i + 1 < path.length) {
      name += path[i + 1];
      i += 2;
      continue;
    }
    if (ch === undefined || ch === '.' || ch === '[' || ch === ' ') break;
    name += ch;
    i++;
  }
  return { name, next: i };
}

function bracketEnd(path: string, from: number): number {
  let depth = 0;
  for (const [ch, i] of unquoted(path, from)) {
    if (ch === '[') depth++;
    else if (ch === ']') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

function bracketStep(inside: string, template: string, fail: (why: string) => never): Step {
  if (inside === '*') return { kind: 'wildcard' };
  if (inside.startsWith('?')) {
    const body = inside.slice(1).trim();
    if (!body.startsWith('(') || !body.endsWith(')')) fail('invalid filter');
    const condition = body.slice(1, -1).trim();
    const [, left, sign, right] = FILTER.exec(condition) ?? [];
    if (left === undefined || sign === undefined || right === undefined) {
      return {
        kind: 'filter',
        left: parsePath(condition, template),
        operator: 'exists',
        right: [],
      };
    }
    const operator = (sign === '=' ? '==' : sign) as FilterOperator;
    return {
      kind: 'filter',
      left: parsePath(left.trim(), template),
      operator,
      right: parsePath(right.trim(), template),
    };
  }
  const parts = splitTopLevel(inside, ',');
  if (parts.length > 1) {
    return {
      kind: 'union',
      branches: parts.map((part) => bracketBranch(part.trim(), template, fail)),
    };
  }
  const [step] = bracketBranch(inside, template, fail);
  return step ?? fail(`invalid array index ${JSON.stringify(inside)}`);
}

function bracketBranch(part: string, template: string, fail: (why: string) => never): Step[] {
  const q = part[0];
  if ((q === '"' || q === "'") && part.endsWith(q) && part.length >= 2) {
    return [{ kind: 'field', name: unquote(part, template) }];
  }
  if (part.includes(':')) {
    const [start, end, step] = part.split(':').map((s) => s.trim());
    const num = (s: string | undefined) => {
      if (s === undefined || s === '') return undefined;
      if (!/^-?\d+$/.test(s)) fail(`invalid array slice ${JSON.stringify(part)}`);
      return Number(s);
    };
    return [{ kind: 'slice', start: num(start), end: num(end), step: num(step) }];
  }
  if (/^-?\d+$/.test(part)) return [{ kind: 'index', index: Number(part) }];
  if (part === '*') return [{ kind: 'wildcard' }];
  if (part.startsWith('.') || part.startsWith('@') || part.startsWith('$')) {
    return parsePath(part, template);
  }
  return fail(`invalid array index ${JSON.stringify(part)}`);
}

function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (const [ch, i] of unquoted(text, 0)) {
    if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
