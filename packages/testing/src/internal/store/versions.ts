/**
 * Turns the internal revision counter into the strings clients see, and back.
 *
 * Revision 0 is never rendered: on the wire "0" means "any version".
 */
export interface VersionCodec {
  render(revision: number): string;
  /** The revision a client's string names, or `undefined` when it is not a version at all. */
  parse(text: string): number | undefined;
}

const numericPattern = /^[0-9]+$/;

/** Versions as kube-apiserver renders etcd revisions: decimal strings. */
export function numericVersions(): VersionCodec {
  return {
    render: (revision) => String(revision),
    parse: (text) => (numericPattern.test(text) ? Number(text) : undefined),
  };
}

// An invertible 32-bit mixing function (xorshift-multiply). Any odd multiplier is invertible
// modulo 2^32; xorshifts are inverted by repeating them.
const M1 = 0x7feb352d;
const M2 = 0x846ca68b;

function inverseOdd(a: number): number {
  // Newton's iteration for the multiplicative inverse modulo 2^32.
  let x = a;
  for (let i = 0; i < 5; i++) x = Math.imul(x, 2 - Math.imul(a, x));
  return x >>> 0;
}

const M1_INV = inverseOdd(M1);
const M2_INV = inverseOdd(M2);

function unXorShift(value: number, shift: number): number {
  let result = value;
  for (let done = shift; done < 32; done += shift) result = value ^ (result >>> shift);
  return result >>> 0;
}

function mix(revision: number): number {
  let x = revision >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, M1);
  x ^= x >>> 15;
  x = Math.imul(x, M2);
  x ^= x >>> 16;
  return x >>> 0;
}

function unmix(value: number): number {
  let x = unXorShift(value >>> 0, 16);
  x = Math.imul(x, M2_INV) >>> 0;
  x = unXorShift(x, 15);
  x = Math.imul(x, M1_INV) >>> 0;
  return unXorShift(x, 16);
}

const opaquePattern = /^[1-9][0-9]{0,9}$/;
const MAX_U32 = 0xffffffff;

/**
 * Versions where neither numeric nor lexicographic order follows the order of writes: a
 * bijection of the revision counter (mix(0) = 0, so a real revision never renders as "0").
 */
export function opaqueVersions(): VersionCodec {
  return {
    render: (revision) => String(mix(revision)),
    parse: (text) => {
      if (!opaquePattern.test(text)) return undefined;
      const value = Number(text);
      return value > MAX_U32 ? undefined : unmix(value);
    },
  };
}
