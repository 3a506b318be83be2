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
  const fixed = value.toFixed(digits);
  const dot = fixed.indexOf('.');
  const whole = dot < 0 ? fixed : fixed.slice(0, dot);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return dot < 0 ? grouped : `${grouped}${fixed.slice(dot)}`;
}
