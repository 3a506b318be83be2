import type { Figure } from '../report/figure.js';

/**
 * The figures of one section and metric with their ratio to the `baseline` client's figure.
 *
 * @example
 * ```ts
 * withRatios(figures, 'floor');
 * ```
 */
export function withRatios(figures: readonly Figure[], baseline: string): Figure[] {
  return figures.map((figure) => {
    const base = figures.find(
      (f) => f.client === baseline && f.section === figure.section && f.metric === figure.metric,
    );
    if (base === undefined || base.value === 0) return figure;
    return { ...figure, ratio: figure.value / base.value, baseline };
  });
}
