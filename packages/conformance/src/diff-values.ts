import type { ValueDifference } from './value-difference.js';

/**
 * Every place where two JSON values differ, depth first, keys in sorted order. Objects are
 * compared key by key (a key present on one side only is a difference at that key), arrays
 * element by element (a length difference shows as the missing elements); any other values with
 * `Object.is`. Where the kinds differ (object vs array vs scalar) the difference is reported at
 * that path without descending.
 *
 * @example
 * ```ts
 * import { diffValues } from '@rxkube/conformance';
 * diffValues({ a: 1, b: [1, 2] }, { a: 1, b: [1], c: true });
 * // [{ path: 'b[1]', real: 2, fake: undefined }, { path: 'c', real: undefined, fake: true }]
 * ```
 */
export function diffValues(real: unknown, fake: unknown, path = ''): ValueDifference[] {
  const out: ValueDifference[] = [];
  walk(real, fake, path, out);
  return out;
}

function walk(real: unknown, fake: unknown, path: string, out: ValueDifference[]): void {
  if (Array.isArray(real) && Array.isArray(fake)) {
    const length = Math.max(real.length, fake.length);
    for (let i = 0; i < length; i += 1) walk(real[i], fake[i], `${path}[${i}]`, out);
    return;
  }
  if (isRecord(real) && isRecord(fake)) {
    const keys = [...new Set([...Object.keys(real), ...Object.keys(fake)])].sort();
    for (const key of keys) walk(real[key], fake[key], path === '' ? key : `${path}.${key}`, out);
    return;
  }
  if (!Object.is(real, fake)) out.push({ path, real, fake });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
