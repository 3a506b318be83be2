/**
 * Rendezvous (highest-random-weight) hashing: a key belongs to the member whose weight for it is
 * the highest. Every member computes the same owner from the same member list, with no
 * coordination; adding a member moves to it exactly the keys it now outweighs (about 1/N of
 * them), and removing one moves exactly its own keys — the least movement any assignment allows.
 */

/** MurmurHash3 (x86, 32 bit) of a string's UTF-16 code units, two to a block. */
export function hashString(text: string, seed = 0): number {
  let h = seed >>> 0;
  const blocks = text.length >>> 1;
  for (let i = 0; i < blocks; i++) {
    const block = text.charCodeAt(2 * i) | (text.charCodeAt(2 * i + 1) << 16);
    h = mixBlock(h, block);
    h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
  }
  if (text.length & 1) h = mixBlock(h, text.charCodeAt(text.length - 1)) >>> 0;
  h ^= text.length * 2;
  return finalMix(h);
}

/** The weight of a member for a key, from their hashes: a bijective mix of both, uniform in 32 bits. */
export function weight(keyHash: number, memberHash: number): number {
  return finalMix(Math.imul(keyHash ^ memberHash, 0x9e3779b1) ^ (memberHash >>> 15));
}

/**
 * A member list prepared for ownership questions: its hashes computed once. Equal weights (one
 * chance in 2^32 per pair) go to the identity that sorts first, so every member agrees.
 */
export class Rendezvous {
  readonly members: readonly string[];
  readonly #hashes: readonly number[];

  constructor(members: readonly string[]) {
    this.members = members;
    this.#hashes = members.map((member) => hashString(member));
  }

  /** The member that owns a key (by its `hashString`), or `undefined` when there are none. */
  ownerOf(keyHash: number): string | undefined {
    let best: string | undefined;
    let bestWeight = -1;
    for (let i = 0; i < this.members.length; i++) {
      const member = this.members[i] as string;
      const w = weight(keyHash, this.#hashes[i] as number);
      if (w > bestWeight || (w === bestWeight && best !== undefined && member < best)) {
        best = member;
        bestWeight = w;
      }
    }
    return best;
  }
}

function mixBlock(h: number, block: number): number {
  let k = Math.imul(block, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  return h ^ k;
}

function finalMix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
