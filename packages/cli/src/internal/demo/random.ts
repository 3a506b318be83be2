/** A small seeded generator (mulberry32): the demo's cluster and churn repeat for a seed. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('Random.pick needs a non-empty list without holes');
    return item;
  }

  /** `length` characters of `alphabet`. */
  text(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }

  hex(length: number): string {
    return this.text('0123456789abcdef', length);
  }
}

/** The alphabet of generated name suffixes (no vowels, no look-alikes), as Kubernetes uses. */
export const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
