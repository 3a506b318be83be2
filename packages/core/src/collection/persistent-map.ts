/**
 * An immutable map from string keys to values: a hash array mapped trie. Every update returns a
 * new map and leaves the old one untouched, sharing all unchanged structure, so an update costs
 * O(log32 n) whatever the size — which is what lets every emitted snapshot stay immutable while
 * the per-event cost does not grow with the collection.
 *
 * Batches of updates go through {@link PersistentMap.withMutations}, which copies each touched
 * node at most once per batch.
 *
 * @example
 * ```ts
 * import { PersistentMap } from '@rxkube/core';
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

  readonly #root: TrieNode<V>;
  readonly size: number;

  private constructor(root: TrieNode<V>, size: number) {
    this.#root = root;
    this.size = size;
  }

  /** The value under `key`, or `undefined`. O(log32 n). */
  get(key: string): V | undefined {
    return lookup(this.#root, hashString(key), key, 0);
  }

  /** Whether `key` is present. O(log32 n). */
  has(key: string): boolean {
    return lookupLeaf(this.#root, hashString(key), key, 0) !== undefined;
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
    walk(this.#root, (leaf) => callback.call(thisArg, leaf.value, leaf.key, this));
  }

  *entries(): MapIterator<[string, V]> {
    for (const leaf of leaves(this.#root)) yield [leaf.key, leaf.value];
  }

  *keys(): MapIterator<string> {
    for (const leaf of leaves(this.#root)) yield leaf.key;
  }

  *values(): MapIterator<V> {
    for (const leaf of leaves(this.#root)) yield leaf.value;
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
 * import { PersistentMap } from '@rxkube/core';
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
// The trie. Nodes created inside one batch carry that batch's owner token and are changed in
// place for the rest of the batch; every other node is copied before it is changed.

const BITS = 5;
const MASK = (1 << BITS) - 1;
/** Past this depth all 32 hash bits are used up: keys with equal hashes share a collision node. */
const MAX_SHIFT = 30;

interface Leaf<V> {
  readonly kind: 0;
  readonly hash: number;
  readonly key: string;
  readonly value: V;
}

interface Branch<V> {
  readonly kind: 1;
  owner: object | undefined;
  bitmap: number;
  children: TrieNode<V>[];
}

interface Collision<V> {
  readonly kind: 2;
  owner: object | undefined;
  readonly hash: number;
  leaves: Leaf<V>[];
}

type TrieNode<V> = Leaf<V> | Branch<V> | Collision<V>;

const EMPTY_NODE: Branch<never> = { kind: 1, owner: undefined, bitmap: 0, children: [] };

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

function lookupLeaf<V>(
  node: TrieNode<V>,
  hash: number,
  key: string,
  shift: number,
): Leaf<V> | undefined {
  let current: TrieNode<V> = node;
  let s = shift;
  for (;;) {
    if (current.kind === 0) return current.key === key ? current : undefined;
    if (current.kind === 2) return current.leaves.find((leaf) => leaf.key === key);
    const bit = 1 << ((hash >>> s) & MASK);
    if ((current.bitmap & bit) === 0) return undefined;
    current = current.children[popcount(current.bitmap & (bit - 1))]!;
    s += BITS;
  }
}

function lookup<V>(node: TrieNode<V>, hash: number, key: string, shift: number): V | undefined {
  return lookupLeaf(node, hash, key, shift)?.value;
}

function walk<V>(node: TrieNode<V>, visit: (leaf: Leaf<V>) => void): void {
  if (node.kind === 0) visit(node);
  else if (node.kind === 1) for (const child of node.children) walk(child, visit);
  else for (const leaf of node.leaves) visit(leaf);
}

function* leaves<V>(root: TrieNode<V>): Generator<Leaf<V>> {
  const stack: TrieNode<V>[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 0) yield node;
    else if (node.kind === 2) yield* node.leaves;
    else for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

class Draft<V> implements MapDraft<V> {
  root: TrieNode<V>;
  size: number;
  #owner: object | undefined = {};

  constructor(root: TrieNode<V>, size: number) {
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

  get(key: string): V | undefined {
    return lookup(this.root, hashString(key), key, 0);
  }

  has(key: string): boolean {
    return lookupLeaf(this.root, hashString(key), key, 0) !== undefined;
  }

  set(key: string, value: V): void {
    const owner = this.#token();
    const hash = hashString(key);
    inserted = false;
    this.root = insert(this.root, owner, { kind: 0, hash, key, value }, 0);
    if (inserted) this.size++;
  }

  delete(key: string): boolean {
    const owner = this.#token();
    const next = remove(this.root, owner, hashString(key), key, 0);
    if (next === NOT_FOUND) return false;
    this.root = next ?? (EMPTY_NODE as Branch<V>);
    this.size--;
    return true;
  }
}

function editable<V>(node: Branch<V>, owner: object): Branch<V> {
  if (node.owner === owner) return node;
  return { kind: 1, owner, bitmap: node.bitmap, children: node.children.slice() };
}

function branchOf<V>(a: Leaf<V>, b: Leaf<V>, owner: object, shift: number): TrieNode<V> {
  if (shift > MAX_SHIFT) return { kind: 2, owner, hash: a.hash, leaves: [a, b] };
  const ia = (a.hash >>> shift) & MASK;
  const ib = (b.hash >>> shift) & MASK;
  if (ia === ib) {
    return { kind: 1, owner, bitmap: 1 << ia, children: [branchOf(a, b, owner, shift + BITS)] };
  }
  return { kind: 1, owner, bitmap: (1 << ia) | (1 << ib), children: ia < ib ? [a, b] : [b, a] };
}

/** Set by `insert` when the key was new (a module-level flag instead of a result object per level). */
let inserted = false;

function insert<V>(node: TrieNode<V>, owner: object, leaf: Leaf<V>, shift: number): TrieNode<V> {
  if (node.kind === 0) {
    if (node.key === leaf.key) return node.value === leaf.value ? node : leaf;
    inserted = true;
    return branchOf(node, leaf, owner, shift);
  }
  if (node.kind === 2) {
    const index = node.leaves.findIndex((l) => l.key === leaf.key);
    if (index >= 0 && node.leaves[index]!.value === leaf.value) return node;
    const target: Collision<V> =
      node.owner === owner
        ? node
        : { kind: 2, owner, hash: node.hash, leaves: node.leaves.slice() };
    if (index >= 0) target.leaves[index] = leaf;
    else {
      target.leaves.push(leaf);
      inserted = true;
    }
    return target;
  }
  const bit = 1 << ((leaf.hash >>> shift) & MASK);
  const index = popcount(node.bitmap & (bit - 1));
  if ((node.bitmap & bit) === 0) {
    const target = editable(node, owner);
    target.children.splice(index, 0, leaf);
    target.bitmap |= bit;
    inserted = true;
    return target;
  }
  const child = node.children[index]!;
  const next = insert(child, owner, leaf, shift + BITS);
  if (next === child) return node;
  const target = editable(node, owner);
  target.children[index] = next;
  return target;
}

const NOT_FOUND = Symbol('not found');

/** The node without the key; `undefined` when nothing is left; NOT_FOUND when the key is absent. */
function remove<V>(
  node: TrieNode<V>,
  owner: object,
  hash: number,
  key: string,
  shift: number,
): TrieNode<V> | undefined | typeof NOT_FOUND {
  if (node.kind === 0) return node.key === key ? undefined : NOT_FOUND;
  if (node.kind === 2) {
    const index = node.leaves.findIndex((l) => l.key === key);
    if (index < 0) return NOT_FOUND;
    if (node.leaves.length === 2) return node.leaves[1 - index]!;
    const target: Collision<V> =
      node.owner === owner
        ? node
        : { kind: 2, owner, hash: node.hash, leaves: node.leaves.slice() };
    target.leaves.splice(index, 1);
    return target;
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  if ((node.bitmap & bit) === 0) return NOT_FOUND;
  const index = popcount(node.bitmap & (bit - 1));
  const child = node.children[index]!;
  const next = remove(child, owner, hash, key, shift + BITS);
  if (next === NOT_FOUND) return NOT_FOUND;
  if (next === undefined) {
    if (node.children.length === 1) return shift === 0 ? EMPTY_NODE : undefined;
    // A branch left with one leaf collapses into it, keeping the trie canonical and shallow.
    if (node.children.length === 2 && shift > 0) {
      const other = node.children[1 - index]!;
      if (other.kind === 0) return other;
    }
    const target = editable(node, owner);
    target.children.splice(index, 1);
    target.bitmap &= ~bit;
    return target;
  }
  if (next.kind === 0 && node.children.length === 1 && shift > 0) return next;
  const target = editable(node, owner);
  target.children[index] = next;
  return target;
}
