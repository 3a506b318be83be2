/** Decimal and binary suffixes of a Kubernetes quantity, as powers of ten or of two. */
const SUFFIXES: Readonly<Record<string, number>> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const QUANTITY = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|([a-zA-Z]*))$/;

/**
 * The value of a resource quantity (`500m`, `128Mi`, `1e3`, a plain number) as a number, or
 * `undefined` when it is not one. Precise enough to compare quantities with each other and with
 * zero, which is all the fake needs them for.
 */
export function quantityValue(quantity: unknown): number | undefined {
  if (typeof quantity === 'number') return Number.isFinite(quantity) ? quantity : undefined;
  if (typeof quantity !== 'string') return undefined;
  const match = QUANTITY.exec(quantity.trim());
  if (match === null) return undefined;
  const [, digits = '', exponent, suffix = ''] = match;
  if (exponent !== undefined) return Number(digits + exponent);
  const scale = SUFFIXES[suffix];
  return scale === undefined ? undefined : Number(digits) * scale;
}
