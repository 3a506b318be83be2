/** Index of the first key >= `key` in a sorted array. */
export function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
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
 * The keys of one resource in list order, kept sorted incrementally (binary search + splice) so
 * a page never re-sorts; bulk loads append and sort once.
 */
export class SortedKeys {
  private keys: string[] = [];
  private unsorted = false;

  insert(key: string): void {
    if (this.unsorted) {
      this.keys.push(key);
      return;
    }
    const at = lowerBound(this.keys, key);
    this.keys.splice(at, 0, key);
  }

  /** Appends without sorting; `sorted()` sorts once before the next read. */
  append(key: string): void {
    this.keys.push(key);
    this.unsorted = true;
  }

  remove(key: string): void {
    const keys = this.sorted();
    const at = lowerBound(keys, key);
    if (keys[at] === key) keys.splice(at, 1);
  }

  sorted(): string[] {
    if (this.unsorted) {
      this.keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      this.unsorted = false;
    }
    return this.keys;
  }
}
