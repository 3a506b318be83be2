/**
 * A figure with as many digits as it deserves: `12 345`, `123`, `12.3`, `1.23`.
 *
 * @example
 * ```ts
 * formatNumber(1234.5); // '1 235'
 * ```
 */
export function formatNumber(value: number): string {
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  const [whole, fraction] = value.toFixed(digits).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
