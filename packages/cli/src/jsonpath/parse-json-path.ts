import { JsonPathError } from './json-path-error.js';
import type { Step, TemplateNode } from './json-path-node.js';
import { parseTemplate } from './parse-template.js';

/** Options of {@link parseJsonPath}. */
export interface JsonPathOptions {
  /**
   * A field that is not there yields nothing instead of failing, as `kubectl get -o jsonpath`
   * does. Default `true`.
   */
  readonly allowMissingKeys?: boolean;
}

/** A compiled JSONPath template: print it over a document, or take the values it selects. */
export interface JsonPath {
  /** The template evaluated as kubectl prints it: text, values of each action joined by spaces. */
  print(data: unknown): string;
  /** The values every `{…}` action selects, one array per action (ranges expanded). */
  values(data: unknown): unknown[][];
  /**
   * What every text and action gives, in order, one array each (a text as `[text]`, ranges
   * expanded): kubectl's `-o jsonpath-as-json` prints each array as indented JSON.
   */
  results(data: unknown): unknown[][];
}

/**
 * Compiles a template of kubectl's JSONPath dialect (client-go's `util/jsonpath`): plain text
 * with `{…}` actions; paths with `$`, `@`, `.field`, `['field']`, `..field`, `[n]`, `[-1]`,
 * `[start:end:step]`, `[*]`, unions `[a,b]` and filters `[?(@.type=="Ready")]`; `{range …}` …
 * `{end}` loops; quoted strings such as `{"\n"}`. Printing follows kubectl: strings as they are,
 * maps and arrays as compact JSON, several values of one action separated by a space.
 * A template that cannot be read throws a {@link JsonPathError}.
 *
 * @example
 * ```ts
 * import { parseJsonPath } from '@rxkube/cli';
 * const names = parseJsonPath('{range .items[*]}{.metadata.name}{"\\n"}{end}');
 * names.print({ items: [{ metadata: { name: 'a' } }, { metadata: { name: 'b' } }] }); // 'a\nb\n'
 * ```
 */
export function parseJsonPath(template: string, options: JsonPathOptions = {}): JsonPath {
  const nodes = parseTemplate(template);
  const allowMissing = options.allowMissingKeys ?? true;
  const walk = (node: TemplateNode, root: unknown, current: unknown, out: ActionOut): void => {
    if (node.kind === 'text') out.text(node.text);
    else if (node.kind === 'action') {
      out.values(evaluate(node.steps, root, [current], allowMissing, template));
    } else {
      for (const item of rangeItems(
        evaluate(node.steps, root, [current], allowMissing, template),
      )) {
        for (const child of node.body) walk(child, root, item, out);
      }
    }
  };
  return {
    print(data) {
      let text = '';
      const out: ActionOut = {
        text: (t) => {
          text += t;
        },
        values: (values) => {
          text += values.map(printValue).join(' ');
        },
      };
      for (const node of nodes) walk(node, data, data, out);
      return text;
    },
    values(data) {
      const all: unknown[][] = [];
      const out: ActionOut = { text: () => {}, values: (values) => all.push(values) };
      for (const node of nodes) walk(node, data, data, out);
      return all;
    },
    results(data) {
      const all: unknown[][] = [];
      const out: ActionOut = {
        text: (text) => all.push([text]),
        values: (values) => all.push(values),
      };
      for (const node of nodes) walk(node, data, data, out);
      return all;
    },
  };
}

interface ActionOut {
  text(text: string): void;
  values(values: unknown[]): void;
}

/** `range` over one array walks its elements; over anything else, the values themselves. */
function rangeItems(values: unknown[]): unknown[] {
  if (values.length === 1 && Array.isArray(values[0])) return values[0];
  return values;
}

/** How kubectl prints one selected value. */
export function printValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function evaluate(
  steps: readonly Step[],
  root: unknown,
  start: unknown[],
  allowMissing: boolean,
  template: string,
): unknown[] {
  let current = start;
  for (const step of steps) {
    const next: unknown[] = [];
    for (const value of current) applyStep(step, value, root, next, allowMissing, template);
    current = next;
  }
  return current;
}

function applyStep(
  step: Step,
  value: unknown,
  root: unknown,
  out: unknown[],
  allowMissing: boolean,
  template: string,
): void {
  switch (step.kind) {
    case 'root':
      out.push(root);
      return;
    case 'current':
      out.push(value);
      return;
    case 'literal':
      out.push(step.value);
      return;
    case 'field':
      if (isRecord(value) && Object.hasOwn(value, step.name)) out.push(value[step.name]);
      else if (!allowMissing) {
        throw new JsonPathError(`${step.name} is not found in ${JSON.stringify(template)}`);
      }
      return;
    case 'wildcard':
      if (Array.isArray(value)) out.push(...value);
      else if (isRecord(value)) out.push(...Object.values(value));
      return;
    case 'recursive':
      descendants(value, out);
      return;
    case 'index': {
      if (!Array.isArray(value)) return;
      const index = step.index < 0 ? value.length + step.index : step.index;
      if (index >= 0 && index < value.length) out.push(value[index]);
      else if (!allowMissing) {
        throw new JsonPathError(
          `array index out of bounds: index ${step.index}, length ${value.length}`,
        );
      }
      return;
    }
    case 'slice': {
      if (!Array.isArray(value)) return;
      const n = value.length;
      const clamp = (i: number) => Math.min(Math.max(i < 0 ? n + i : i, 0), n);
      const from = step.start === undefined ? 0 : clamp(step.start);
      const to = step.end === undefined ? n : clamp(step.end);
      const by = step.step ?? 1;
      if (by <= 0)
        throw new JsonPathError(`invalid array slice step in ${JSON.stringify(template)}`);
      for (let i = from; i < to; i += by) out.push(value[i]);
      return;
    }
    case 'union':
      for (const branch of step.branches) {
        out.push(...evaluate(branch, root, [value], allowMissing, template));
      }
      return;
    case 'filter': {
      const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
      for (const item of items) {
        if (filterMatches(step, item, root, template)) out.push(item);
      }
      return;
    }
  }
}

function descendants(value: unknown, out: unknown[]): void {
  out.push(value);
  if (Array.isArray(value)) for (const item of value) descendants(item, out);
  else if (isRecord(value)) for (const child of Object.values(value)) descendants(child, out);
}

function filterMatches(
  step: Extract<Step, { kind: 'filter' }>,
  item: unknown,
  root: unknown,
  template: string,
): boolean {
  const left = evaluate(step.left, root, [item], true, template);
  if (step.operator === 'exists') return left.length > 0;
  const right = evaluate(step.right, root, [item], true, template);
  if (left.length === 0 || right.length === 0) return false;
  if (left.length > 1 || right.length > 1) {
    throw new JsonPathError(
      `can only compare one element at a time in ${JSON.stringify(template)}`,
    );
  }
  const a = left[0];
  const b = right[0];
  switch (step.operator) {
    case '==':
      return equal(a, b);
    case '!=':
      return !equal(a, b);
    default: {
      if (typeof a !== 'number' || typeof b !== 'number') {
        throw new JsonPathError(
          `${String(a)} and ${String(b)} cannot be compared with ${step.operator}`,
        );
      }
      if (step.operator === '<') return a < b;
      if (step.operator === '>') return a > b;
      if (step.operator === '<=') return a <= b;
      return a >= b;
    }
  }
}

function equal(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' || typeof b === 'object')
    return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}
