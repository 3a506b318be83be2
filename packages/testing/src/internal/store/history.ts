import type { StoreEvent } from './store-event.js';

/**
 * The last `capacity` events of one resource, oldest first, in a ring buffer. `floor` is the
 * oldest version a watch may start from: every event after it is still here.
 */
export class History {
  private readonly ring: (StoreEvent | undefined)[];
  private head = 0;
  private size = 0;
  /** A watch or list at a version below this has lost events: 410. */
  floor: number;

  constructor(
    private readonly capacity: number,
    startRevision: number,
  ) {
    this.ring = new Array(capacity);
    this.floor = startRevision;
  }

  get length(): number {
    return this.size;
  }

  private at(i: number): StoreEvent {
    const event = this.ring[(this.head + i) % this.capacity];
    if (event === undefined) throw new Error(`History holds ${this.size} events, none at ${i}`);
    return event;
  }

  push(event: StoreEvent): void {
    if (this.size === this.capacity) {
      this.ring[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.size--;
      // As kube-apiserver's watch cache: the oldest start is one before the oldest kept event,
      // which is `event` itself when the history has room for one.
      const oldest = this.size > 0 ? this.at(0) : event;
      this.floor = Math.max(this.floor, oldest.revision - 1);
    }
    this.ring[(this.head + this.size) % this.capacity] = event;
    this.size++;
  }

  /** Events with a version above `revision`, oldest first. */
  since(revision: number): StoreEvent[] {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid).revision <= revision) lo = mid + 1;
      else hi = mid;
    }
    const out: StoreEvent[] = [];
    for (let i = lo; i < this.size; i++) out.push(this.at(i));
    return out;
  }

  /** Forgets every event: only `revision` and later remain valid starts. */
  compact(revision: number): void {
    this.ring.fill(undefined);
    this.head = 0;
    this.size = 0;
    this.floor = Math.max(this.floor, revision);
  }
}
