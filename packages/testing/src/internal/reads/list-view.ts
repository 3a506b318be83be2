import type { ResourceStore } from '../store/resource-store.js';
import { lowerBound, prefixEnd } from '../store/sorted-keys.js';
import type { StoredObject } from '../store/stored-object.js';

/** One page of a list. */
export interface Page {
  readonly items: StoredObject[];
  /** The last key examined when more keys remain (the continue token starts after it). */
  readonly lastKey?: string;
  /** Objects left after this page (only when asked for: lists without selectors). */
  readonly remaining?: number;
}

/** What a list reads from: the current state, or the state at an older retained version. */
export interface ListView {
  page(
    prefix: string,
    start: string | undefined,
    limit: number,
    accept: (object: StoredObject) => boolean,
    countRemaining: boolean,
  ): Page;
}

function bounds(keys: readonly string[], prefix: string, start: string | undefined) {
  const from = start !== undefined && start > prefix ? start : prefix;
  const end = prefixEnd(prefix);
  return {
    from: lowerBound(keys, from),
    to: end === undefined ? keys.length : lowerBound(keys, end),
  };
}

/** The current state: pages walk the sorted key array from a binary-searched start. */
export function currentView(store: ResourceStore): ListView {
  return {
    page(prefix, start, limit, accept, countRemaining) {
      const keys = store.keys.sorted();
      const { from, to } = bounds(keys, prefix, start);
      const items: StoredObject[] = [];
      let i = from;
      let lastKey: string | undefined;
      while (i < to) {
        const key = keys[i];
        const object = key === undefined ? undefined : store.objects.get(key);
        if (object === undefined) {
          throw new Error(`sorted key ${i} of ${keys.length} has no object`);
        }
        lastKey = key;
        i++;
        if (accept(object)) {
          items.push(object);
          if (limit > 0 && items.length === limit) break;
        }
      }
      if (i < to && limit > 0 && items.length === limit && lastKey !== undefined) {
        return countRemaining ? { items, lastKey, remaining: to - i } : { items, lastKey };
      }
      return { items };
    },
  };
}

/**
 * The state at an older `revision` still covered by the history: the current state with every
 * later event undone (the first later event of a key holds its state at `revision`).
 */
export function historicView(store: ResourceStore, revision: number): ListView {
  const overrides = new Map<string, StoredObject | null>();
  for (const event of store.history.since(revision)) {
    if (!overrides.has(event.key)) overrides.set(event.key, event.previous ?? null);
  }
  const extra: string[] = [];
  for (const [key, value] of overrides) {
    if (value !== null && !store.objects.has(key)) extra.push(key);
  }
  extra.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // An override is an object or `null` (absent then), never `undefined`.
  const valueAt = (key: string) => {
    const override = overrides.get(key);
    return override !== undefined ? override : (store.objects.get(key) ?? null);
  };

  return {
    page(prefix, start, limit, accept, countRemaining) {
      const keys = store.keys.sorted();
      const live = bounds(keys, prefix, start);
      const more = bounds(extra, prefix, start);
      const items: StoredObject[] = [];
      let i = live.from;
      let j = more.from;
      let last: string | undefined;
      const exhausted = () => i >= live.to && j >= more.to;
      while (!exhausted()) {
        // Both arrays hold strings only: `undefined` means that side is used up.
        const liveKey = i < live.to ? keys[i] : undefined;
        const extraKey = j < more.to ? extra[j] : undefined;
        let key: string;
        if (liveKey !== undefined && (extraKey === undefined || liveKey < extraKey)) {
          key = liveKey;
          i++;
        } else if (extraKey !== undefined) {
          key = extraKey;
          j++;
        } else {
          throw new Error(`historic page ran out of keys at ${i} and ${j}`);
        }
        last = key;
        const object = valueAt(key);
        if (object !== null && accept(object)) {
          items.push(object);
          if (limit > 0 && items.length === limit) break;
        }
      }
      if (exhausted() || limit === 0 || items.length < limit || last === undefined)
        return { items };
      if (!countRemaining) return { items, lastKey: last };
      let remaining = live.to - i + (more.to - j);
      const afterEnd = prefixEnd(prefix);
      for (const [key, value] of overrides) {
        if (value === null && store.objects.has(key) && key > last) {
          if (key.startsWith(prefix) && (afterEnd === undefined || key < afterEnd)) remaining--;
        }
      }
      // No object left after all (every remaining key was created after `revision`): last page.
      if (remaining === 0) return { items };
      return { items, lastKey: last, remaining };
    },
  };
}
