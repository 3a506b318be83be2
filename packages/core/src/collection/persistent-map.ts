/**
 * An immutable map from string keys to values: a hash array mapped trie. Every update returns a
 * new map and leaves the old one untouched, sharing all unchanged structure, so an update costs
 * O(log32 n) whatever the size — which is what lets every emitted snapshot stay immutable while
 * the per-event cost does not grow with the collection.
 *
 * Batches of updates go through {@link PersistentMap.withMutations}: a batch builds its new
 * version in place (transiently), copying each node it touches at most once, then freezes it.
 * Entries sit inline in their node's array (key, value), with no object per entry, so the map
 * costs less memory per entry than a `Map`.
 *
 * @example
 * ```ts
 * import { PersistentMap } from '@rxkube/core/transport';
 * const a = PersistentMap.empty<number>().set('x', 1);
 * const b = a.set('y', 2);
 * a.size; // 1 — unchanged
 * b.get('y'); // 2
 * ```
 */
export class PersistentMap<V> implements ReadonlyMap<string, V> {
  static #empty: PersistentMap<never> | undefined;

  /** The empty map (one shared instance). */
  static empty<V>(): PersistentMap<V> {
    PersistentMap.#empty ??= new PersistentMap<never>(EMPTY_NODE, 0);
    return PersistentMap.#empty as PersistentMap<V>;
  }

  /** A map holding the given entries (later entries win on equal keys). */
  static from<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    return PersistentMap.empty<V>().withMutations((draft) => {
      for (const [key, value] of entries) draft.set(key, value);
    });
  }

  readonly #root: TrieNode;
  readonly size: number;

  private constructor(root: TrieNode, size: number) {
    this.#root = root;
    this.size = size;
  }

  /** The value under `key`, or `undefined`. O(log32 n). */
  get(key: string): V | undefined {
    const found = lookup(this.#root, hashString(key), key);
    return found === ABSENT ? undefined : (found as V);
  }

  /** Whether `key` is present. O(log32 n). */
  has(key: string): boolean {
    return lookup(this.#root, hashString(key), key) !== ABSENT;
  }

  /** A map with `key` set to `value`; this map if the value is already there (`===`). */
  set(key: string, value: V): PersistentMap<V> {
    return this.withMutations((draft) => draft.set(key, value));
  }

  /** A map without `key`; this map if the key is absent. */
  delete(key: string): PersistentMap<V> {
    return this.withMutations((draft) => draft.delete(key));
  }

  /**
   * Applies a batch of updates and returns the resulting map. The draft is only valid inside the
   * callback; this map is never changed.
   */
  withMutations(mutate: (draft: MapDraft<V>) => void): PersistentMap<V> {
    const draft = new Draft<V>(this.#root, this.size);
    mutate(draft);
    draft.seal();
    if (draft.root === this.#root) return this;
    return new PersistentMap(draft.root, draft.size);
  }

  /** Calls `callback` for every entry, in the map's (hash) order. */
  forEach(
    callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void,
    thisArg?: unknown,
  ): void {
    walk(this.#root, (key, value) => callback.call(thisArg, value as V, key, this));
  }

  *entries(): MapIterator<[string, V]> {
    for (const [key, value] of pairs(this.#root)) yield [key, value as V];
  }

  *keys(): MapIterator<string> {
    for (const [key] of pairs(this.#root)) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of pairs(this.#root)) yield value as V;
  }

  /** The entries, in the same order as `forEach`. */
  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'PersistentMap';
  }
}

/**
 * The mutable view of a {@link PersistentMap} inside {@link PersistentMap.withMutations}.
 *
 * @example
 * ```ts
 * import { PersistentMap } from '@rxkube/core/transport';
 * const m = PersistentMap.empty<string>().withMutations((draft) => {
 *   draft.set('a', 'x');
 *   draft.delete('b');
 * });
 * ```
 */
export interface MapDraft<V> {
  /** The number of entries, updates of this batch included. */
  readonly size: number;
  /** The value under `key`, updates of this batch included. */
  get(key: string): V | undefined;
  /** Whether `key` is present, updates of this batch included. */
  has(key: string): boolean;
  /** Sets `key` to `value`. */
  set(key: string, value: V): void;
  /** Removes `key`; whether it was present. */
  delete(key: string): boolean;
}

// ---------------------------------------------------------------------------------------------
// The trie. A branch keeps, for each bit of its bitmap, two slots of `slots`: a key and its value
// (an entry), or `undefined` and a child node. Entries need no object of their own, and a key's
// hash is computed again only when two keys must be pushed one level down. Nodes created inside
// one batch carry that batch's owner token and are changed in place for the rest of the batch;
// every other node is copied before it is changed. Arrays are always built at their exact length
// (no spare capacity is kept in a frozen map).

const BITS = 5;
const MASK = (1 << BITS) - 1;
/** Past this depth all 32 hash bits are used up: keys with equal hashes share a collision node. */
const MAX_SHIFT = 30;

interface Branch {
  readonly kind: 1;
  owner: object | undefined;
  bitmap: number;
  /** Per child: `key, value` for an entry, `undefined, node` for a subtree. */
  slots: unknown[];
}

interface Collision {
  readonly kind: 2;
  owner: object | undefined;
  readonly hash: number;
  /** `key, value, key, value, ...` of keys with the same hash. */
  pairs: unknown[];
}

type TrieNode = Branch | Collision;

const EMPTY_NODE: Branch = { kind: 1, owner: undefined, bitmap: 0, slots: [] };
/** What a lookup finds for an absent key (a value may itself be `undefined`). */
const ABSENT: unique symbol = Symbol('absent');

/** FNV-1a over UTF-16 code units: fast, and well spread for `namespace/name` keys. */
function hashString(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

function popcount(x: number): number {
  let n = x - ((x >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

function lookup(root: TrieNode, hash: number, key: string): unknown {
  let node = root;
  let shift = 0;
  for (;;) {
    if (node.kind === 2) {
      const pairs = node.pairs;
      for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === key) return pairs[i + 1];
      return ABSENT;
    }
    const bit = 1 << ((hash >>> shift) & MASK);
    if ((node.bitmap & bit) === 0) return ABSENT;
    const at = popcount(node.bitmap & (bit - 1)) << 1;
    const slotKey = node.slots[at];
    if (slotKey === undefined) {
      node = node.slots[at + 1] as TrieNode;
      shift += BITS;
      continue;
    }
    return slotKey === key ? node.slots[at + 1] : ABSENT;
  }
}

function walk(node: TrieNode, visit: (key: string, value: unknown) => void): void {
  const slots = node.kind === 1 ? node.slots : node.pairs;
  for (let i = 0; i < slots.length; i += 2) {
    const key = slots[i];
    if (key === undefined) walk(slots[i + 1] as TrieNode, visit);
    else visit(key as string, slots[i + 1]);
  }
}

function* pairs(root: TrieNode): Generator<[string, unknown]> {
  // One frame per node being walked: the node, and the offset of its next slot pair.
  const stack: { node: TrieNode; i: number }[] = [];
  let frame: { node: TrieNode; i: number } | undefined = { node: root, i: 0 };
  while (frame !== undefined) {
    const { node, i } = frame;
    const slots = node.kind === 1 ? node.slots : node.pairs;
    if (i >= slots.length) {
      frame = stack.pop();
      continue;
    }
    frame.i = i + 2;
    const key = slots[i];
    if (key === undefined) {
      stack.push(frame);
      frame = { node: slots[i + 1] as TrieNode, i: 0 };
    } else yield [key as string, slots[i + 1]];
  }
}

class Draft<V> implements MapDraft<V> {
  root: TrieNode;
  size: number;
  #owner: object | undefined = {};
  /** The last key hashed, and its hash: `get` then `set` of one key hashes it once. */
  #lastKey: string | undefined;
  #lastHash = 0;

  constructor(root: TrieNode, size: number) {
    this.root = root;
    this.size = size;
  }

  seal(): void {
    this.#owner = undefined;
  }

  #token(): object {
    if (this.#owner === undefined)
      throw new Error('A map draft is only valid inside withMutations');
    return this.#owner;
  }

  #hash(key: string): number {
    if (key !== this.#lastKey) {
      this.#lastKey = key;
      this.#lastHash = hashString(key);
    }
    return this.#lastHash;
  }

  get(key: string): V | undefined {
    const found = lookup(this.root, this.#hash(key), key);
    return found === ABSENT ? undefined : (found as V);
  }

  has(key: string): boolean {
    return lookup(this.root, this.#hash(key), key) !== ABSENT;
  }

  set(key: string, value: V): void {
    const owner = this.#token();
    inserted = false;
    this.root = insert(this.root, owner, this.#hash(key), key, value, 0);
    if (inserted) this.size++;
  }

  delete(key: string): boolean {
    const owner = this.#token();
    const next = remove(this.root, owner, this.#hash(key), key, 0);
    if (next === NOT_FOUND) return false;
    this.root = next === undefined || next === COLLAPSED ? EMPTY_NODE : next;
    this.size--;
    return true;
  }
}

function editable(node: Branch, owner: object): Branch {
  if (node.owner === owner) return node;
  return { kind: 1, owner, bitmap: node.bitmap, slots: node.slots.slice() };
}

/** `array` with `a, b` inserted at `at`, as a new array of exact length. */
function withPair(array: readonly unknown[], at: number, a: unknown, b: unknown): unknown[] {
  const out = new Array<unknown>(array.length + 2);
  for (let i = 0; i < at; i++) out[i] = array[i];
  out[at] = a;
  out[at + 1] = b;
  for (let i = at; i < array.length; i++) out[i + 2] = array[i];
  return out;
}

/** `array` without the two slots at `at`, as a new array of exact length. */
function withoutPair(array: readonly unknown[], at: number): unknown[] {
  const out = new Array<unknown>(array.length - 2);
  for (let i = 0; i < at; i++) out[i] = array[i];
  for (let i = at + 2; i < array.length; i++) out[i - 2] = array[i];
  return out;
}

/** The node holding two entries whose keys differ, from `shift` down. */
function nodeOf(
  keyA: string,
  hashA: number,
  valueA: unknown,
  keyB: string,
  hashB: number,
  valueB: unknown,
  owner: object,
  shift: number,
): TrieNode {
  if (shift > MAX_SHIFT)
    return { kind: 2, owner, hash: hashA, pairs: [keyA, valueA, keyB, valueB] };
  const ia = (hashA >>> shift) & MASK;
  const ib = (hashB >>> shift) & MASK;
  if (ia === ib) {
    const child = nodeOf(keyA, hashA, valueA, keyB, hashB, valueB, owner, shift + BITS);
    return { kind: 1, owner, bitmap: 1 << ia, slots: [undefined, child] };
  }
  return {
    kind: 1,
    owner,
    bitmap: (1 << ia) | (1 << ib),
    slots: ia < ib ? [keyA, valueA, keyB, valueB] : [keyB, valueB, keyA, valueA],
  };
}

/** Set by `insert` when the key was new (a module-level flag instead of a result object per level). */
let inserted = false;

function insert(
  node: TrieNode,
  owner: object,
  hash: number,
  key: string,
  value: unknown,
  shift: number,
): TrieNode {
  if (node.kind === 2) {
    const pairs = node.pairs;
    let index = -1;
    for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === key) index = i;
    if (index >= 0 && pairs[index + 1] === value) return node;
    const target: Collision =
      node.owner === owner ? node : { kind: 2, owner, hash: node.hash, pairs: pairs.slice() };
    if (index >= 0) target.pairs[index + 1] = value;
    else {
      target.pairs = withPair(target.pairs, target.pairs.length, key, value);
      inserted = true;
    }
    return target;
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  const at = popcount(node.bitmap & (bit - 1)) << 1;
  if ((node.bitmap & bit) === 0) {
    const target = editable(node, owner);
    target.slots = withPair(target.slots, at, key, value);
    target.bitmap |= bit;
    inserted = true;
    return target;
  }
  const slotKey = node.slots[at];
  const slotValue = node.slots[at + 1];
  if (slotKey === undefined) {
    const child = slotValue as TrieNode;
    const next = insert(child, owner, hash, key, value, shift + BITS);
    if (next === child) return node;
    const target = editable(node, owner);
    target.slots[at + 1] = next;
    return target;
  }
  if (slotKey === key) {
    if (slotValue === value) return node;
    const target = editable(node, owner);
    target.slots[at + 1] = value;
    return target;
  }
  const other = slotKey as string;
  const child = nodeOf(other, hashString(other), slotValue, key, hash, value, owner, shift + BITS);
  inserted = true;
  const target = editable(node, owner);
  target.slots[at] = undefined;
  target.slots[at + 1] = child;
  return target;
}

const NOT_FOUND = Symbol('not found');
/** `remove` left a subtree with one entry, in `collapsedKey`/`collapsedValue`: its parent inlines it. */
const COLLAPSED = Symbol('collapsed');
let collapsedKey = '';
let collapsedValue: unknown;

/**
 * The node without the key; `undefined` when nothing is left; COLLAPSED when one entry is left
 * (so the trie stays canonical and shallow); NOT_FOUND when the key is absent.
 */
function remove(
  node: TrieNode,
  owner: object,
  hash: number,
  key: string,
  shift: number,
): TrieNode | undefined | typeof NOT_FOUND | typeof COLLAPSED {
  if (node.kind === 2) {
    const pairs = node.pairs;
    let index = -1;
    for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === key) index = i;
    if (index < 0) return NOT_FOUND;
    if (pairs.length === 4) {
      collapsedKey = pairs[2 - index] as string;
      collapsedValue = pairs[3 - index];
      return COLLAPSED;
    }
    const target: Collision =
      node.owner === owner ? node : { kind: 2, owner, hash: node.hash, pairs: pairs };
    target.pairs = withoutPair(pairs, index);
    return target;
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  if ((node.bitmap & bit) === 0) return NOT_FOUND;
  const at = popcount(node.bitmap & (bit - 1)) << 1;
  const slotKey = node.slots[at];
  if (slotKey === undefined) {
    const next = remove(node.slots[at + 1] as TrieNode, owner, hash, key, shift + BITS);
    if (next === NOT_FOUND) return NOT_FOUND;
    if (next === COLLAPSED) {
      // A subtree left with one entry: this node holds it inline, or hands it further up when
      // it has nothing else.
      if (node.slots.length === 2 && shift > 0) return COLLAPSED;
      const target = editable(node, owner);
      target.slots[at] = collapsedKey;
      target.slots[at + 1] = collapsedValue;
      return target;
    }
    if (next !== undefined) {
      const target = editable(node, owner);
      target.slots[at + 1] = next;
      return target;
    }
  } else if (slotKey !== key) return NOT_FOUND;
  // The slot at `at` goes.
  if (node.slots.length === 2) return shift === 0 ? EMPTY_NODE : undefined;
  if (node.slots.length === 4 && shift > 0) {
    const rest = 2 - at;
    if (node.slots[rest] !== undefined) {
      collapsedKey = node.slots[rest] as string;
      collapsedValue = node.slots[rest + 1];
      return COLLAPSED;
    }
  }
  const target = editable(node, owner);
  target.slots = withoutPair(target.slots, at);
  target.bitmap &= ~bit;
  return target;
}
