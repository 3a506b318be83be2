import { compareElements, type FieldSet } from './field-set.js';

/** One `fieldsV1` path element as kube-apiserver prints it in messages: `.name`, `[name="x"]`. */
function elementText(element: string): string {
  const body = element.slice(2);
  switch (element.slice(0, 2)) {
    case 'f:':
      return `.${body}`;
    case 'k:': {
      const keys = JSON.parse(body) as Record<string, unknown>;
      const parts = Object.keys(keys).map((name) => `${name}=${valueText(keys[name])}`);
      return `[${parts.join(',')}]`;
    }
    case 'v:':
      return `[=${valueText(JSON.parse(body))}]`;
    case 'i:':
      return `[${body}]`;
    default:
      return '{{invalid path element}}';
  }
}

/** A scalar as Go's structured-merge-diff prints it: strings quoted, numbers and booleans bare. */
function valueText(value: unknown): string {
  if (value === null) return 'null';
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/**
 * Every path of a set as text (`.spec.containers[name="app"].image`), in the order
 * kube-apiserver iterates a set: the members at one level first, then the sets below, each
 * sorted.
 */
export function fieldPathTexts(set: FieldSet, prefix = ''): string[] {
  const out: string[] = [];
  if (set.children === undefined) return out;
  const keys = [...set.children.keys()].sort(compareElements);
  const sorted: [string, FieldSet][] = [];
  for (const key of keys) {
    const child = set.children.get(key);
    if (child === undefined) throw new Error(`field set lost its child ${key} while sorting`);
    sorted.push([key, child]);
  }
  for (const [key, child] of sorted) if (child.member) out.push(prefix + elementText(key));
  for (const [key, child] of sorted) {
    if (child.children !== undefined) out.push(...fieldPathTexts(child, prefix + elementText(key)));
  }
  return out;
}
