/** Index of the first key >= `key` in a sorted array. */
export function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const probe = keys[mid];
    if (probe === undefined) throw new Error(`lowerBound probed ${mid} of ${keys.length} keys`);
    if (probe < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The smallest string greater than every string starting with `prefix` ('' = no bound). */
export function prefixEnd(prefix: string): string | undefined {
  if (prefix === '') return undefined;
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * The keys of one resource in list order. Writes only record what changed (O(1)); the first read
 * after them merges the changes into the sorted array once (O(n + k log k)), so neither a write
 * nor a page ever sorts everything, and a burst of writes costs one merge.
 */
export class SortedKeys {
  private keys: string[] = [];
  private readonly added = new Set<string>();
  private readonly removed = new Set<string>();

  insert(key: string): void {
    if (this.removed.has(key)) this.removed.delete(key);
    else this.added.add(key);
  }

  remove(key: string): void {
    if (this.added.has(key)) this.added.delete(key);
    else this.removed.add(key);
  }

  sorted(): string[] {
    if (this.added.size === 0 && this.removed.size === 0) return this.keys;
    const added = [...this.added].sort(compare);
    const kept =
      this.removed.size === 0 ? this.keys : this.keys.filter((k) => !this.removed.has(k));
    const merged: string[] = new Array(kept.length + added.length);
    // `added` holds strings only, so `undefined` means it is used up.
    let j = 0;
    let n = 0;
    let next = added[0];
    for (const key of kept) {
      while (next !== undefined && next <= key) {
        merged[n++] = next;
        next = added[++j];
      }
      merged[n++] = key;
    }
    for (; next !== undefined; next = added[++j]) merged[n++] = next;
    this.keys = merged;
    this.added.clear();
    this.removed.clear();
    return merged;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
