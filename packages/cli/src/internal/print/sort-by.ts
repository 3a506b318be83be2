import { parseJsonPath } from '../../jsonpath/parse-json-path.js';
import { CliError } from '../cli-error.js';

/** kubectl's relaxed JSONPath (`--sort-by`, custom columns): `.a.b` and `a.b` mean `{.a.b}`. */
export function relaxedJsonPath(path: string): string {
  const trimmed = path.trim();
  if (trimmed.startsWith('{') && trimmed.endsWith('}')) return trimmed;
  if (trimmed.startsWith('.') || trimmed.startsWith('[')) return `{${trimmed}}`;
  return `{.${trimmed}}`;
}

/** Natural order of strings (`pod-2` before `pod-10`), as kubectl sorts text. */
function naturalLess(a: string, b: string): number {
  const chunks = (s: string) => s.match(/\d+|\D+/g) ?? [];
  const ac = chunks(a);
  const bc = chunks(b);
  for (let i = 0; ; i++) {
    const x = ac[i];
    const y = bc[i];
    if (x === undefined || y === undefined) break;
    if (x === y) continue;
    const xn = /^\d/.test(x);
    const yn = /^\d/.test(y);
    if (xn && yn) {
      const d = Number(x) - Number(y);
      if (d !== 0) return d;
      return x.length - y.length;
    }
    return x < y ? -1 : 1;
  }
  return ac.length - bc.length;
}

function compare(a: unknown, b: unknown): number {
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const sa = typeof a === 'string' ? a : JSON.stringify(a);
  const sb = typeof b === 'string' ? b : JSON.stringify(b);
  return naturalLess(sa, sb);
}

/**
 * Sorts items by a field (`--sort-by=.status.startTime`) as kubectl does: a stable sort, items
 * without the field first, numbers by value, text in natural order.
 */
export function sortBy<T>(items: readonly T[], field: string, objectOf: (item: T) => unknown): T[] {
  let path: ReturnType<typeof parseJsonPath>;
  try {
    path = parseJsonPath(relaxedJsonPath(field));
  } catch (error) {
    throw new CliError(
      `couldn't parse --sort-by ${JSON.stringify(field)}: ${(error as Error).message}`,
    );
  }
  const keyed = items.map((item) => {
    const [values = []] = path.values(objectOf(item));
    return { item, key: values[0] };
  });
  return keyed.sort((x, y) => compare(x.key, y.key)).map(({ item }) => item);
}
