/** A `LabelSelector` as apimachinery prints it: requirements sorted by key, `k=v,k in (a,b)`. */
export function selectorText(selector: unknown): string {
  if (typeof selector !== 'object' || selector === null) return '';
  const { matchLabels, matchExpressions } = selector as {
    matchLabels?: Record<string, string>;
    matchExpressions?: { key: string; operator: string; values?: string[] }[];
  };
  const parts: [string, string][] = [];
  for (const [key, value] of Object.entries(matchLabels ?? {}))
    parts.push([key, `${key}=${value}`]);
  for (const { key, operator, values = [] } of matchExpressions ?? []) {
    const sorted = [...values].sort().join(',');
    if (operator === 'In') parts.push([key, `${key} in (${sorted})`]);
    else if (operator === 'NotIn') parts.push([key, `${key} notin (${sorted})`]);
    else if (operator === 'Exists') parts.push([key, key]);
    else if (operator === 'DoesNotExist') parts.push([key, `!${key}`]);
  }
  return parts
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, text]) => text)
    .join(',');
}

/** A map of labels as apimachinery prints it: `a=1,b=2` sorted, `<none>` when empty. */
export function labelsText(labels: unknown): string {
  const entries = Object.entries((labels ?? {}) as Record<string, string>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return entries.length === 0 ? '<none>' : entries.map(([k, v]) => `${k}=${v}`).join(',');
}
