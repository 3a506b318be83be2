/**
 * A persistent first-in-first-out queue (two lists, as in Okasaki's banker's queue): `push` and
 * `shift` leave the queue they are called on untouched and cost O(1) amortised, so the work
 * queue's transition stays pure without copying its backlog on every step.
 */
export interface Fifo<T> {
  readonly front: List<T>;
  readonly back: List<T>;
  readonly size: number;
}

type List<T> = { readonly head: T; readonly tail: List<T> } | undefined;

export const emptyFifo: Fifo<never> = { front: undefined, back: undefined, size: 0 };

export function pushFifo<T>(fifo: Fifo<T>, value: T): Fifo<T> {
  return { front: fifo.front, back: { head: value, tail: fifo.back }, size: fifo.size + 1 };
}

/** The queue with `value` in front of the others. */
export function unshiftFifo<T>(fifo: Fifo<T>, value: T): Fifo<T> {
  return { front: { head: value, tail: fifo.front }, back: fifo.back, size: fifo.size + 1 };
}

/** The first value and the queue without it; `undefined` when empty. */
export function shiftFifo<T>(fifo: Fifo<T>): readonly [T, Fifo<T>] | undefined {
  let { front, back } = fifo;
  if (front === undefined) {
    // Reverse the back list once; each value is moved at most once, hence O(1) amortised.
    for (; back !== undefined; back = back.tail) front = { head: back.head, tail: front };
  }
  if (front === undefined) return undefined;
  return [front.head, { front: front.tail, back, size: fifo.size - 1 }];
}
