import { SelectorParseError } from './label-selector.js';

/** One `field=value` / `field==value` / `field!=value` term of a field selector. */
export interface FieldRequirement {
  readonly field: string;
  readonly op: 'eq' | 'neq';
  readonly value: string;
}

/** A parsed field selector; all terms must hold; an empty one matches everything. */
export type FieldSelector = readonly FieldRequirement[];

/** Splits on `sep` where it is not escaped with a backslash. */
function splitUnescaped(input: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  let escaped = false;
  for (const c of input) {
    if (escaped) {
      current += c;
      escaped = false;
    } else if (c === sep) {
      parts.push(current);
      current = '';
    } else {
      current += c;
      escaped = c === '\\';
    }
  }
  parts.push(current);
  return parts;
}

function unescapeValue(value: string): string {
  return value.replace(/\\(.)/g, '$1');
}

/** Parses a `fieldSelector` query parameter (`metadata.name=x,metadata.namespace!=y`). */
export function parseFieldSelector(input: string): FieldSelector {
  if (input.trim() === '') return [];
  return splitUnescaped(input, ',').map((term) => {
    for (const [token, op] of [
      ['!=', 'neq'],
      ['==', 'eq'],
      ['=', 'eq'],
    ] as const) {
      const at = term.indexOf(token);
      if (at > 0) {
        return {
          field: term.slice(0, at).trim(),
          op,
          value: unescapeValue(term.slice(at + token.length)),
        };
      }
    }
    throw new SelectorParseError(`invalid selector: '${input}'; can't understand '${term}'`);
  });
}

/** Reads a path of an object as a field-selector value ('' when absent). */
export function fieldValue(object: unknown, path: readonly string[]): string {
  let current: unknown = object;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return '';
    current = (current as Record<string, unknown>)[part];
  }
  if (current === undefined || current === null) return '';
  return typeof current === 'string' ? current : String(current);
}

/** Whether the precomputed field values satisfy every term. */
export function matchesFields(
  selector: FieldSelector,
  fields: Readonly<Record<string, string>>,
): boolean {
  for (const r of selector) {
    const value = fields[r.field] ?? '';
    if ((value === r.value) !== (r.op === 'eq')) return false;
  }
  return true;
}
