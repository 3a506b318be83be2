import type { Figure } from './figure.js';

const WIDTH = 860;
const LABEL_WIDTH = 330;
const BAR_HEIGHT = 16;
const GAP = 4;
const GROUP_GAP = 14;
const TOP = 44;
/** The ratio at the right edge of the plot (longer bars are cut and marked). */
const MAX_RATIO = 3;
const COLORS: Record<string, string> = {
  rxkube: '#2563eb',
  'client-node': '#d97706',
  ndjson: '#d97706',
  'core NdjsonDecoder': '#2563eb',
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function color(client: string): string {
  const entry = Object.entries(COLORS).find(([prefix]) => client.startsWith(prefix));
  return entry === undefined ? '#6b7280' : entry[1];
}

/**
 * A bar chart of every figure's ratio to its baseline (the dashed line at 1×), grouped by section
 * and metric, as standalone SVG text.
 *
 * @example
 * ```ts
 * writeFileSync('docs/images/benchmarks.svg', renderSvg(figures));
 * ```
 */
export function renderSvg(figures: readonly Figure[]): string {
  const groups = new Map<string, (Figure & { readonly ratio: number })[]>();
  for (const f of figures) {
    const { ratio } = f;
    if (ratio === undefined || f.client === f.baseline) continue;
    const key = `${f.section} — ${f.metric} ${f.better === 'lower' ? '(↓ better)' : '(↑ better)'}`;
    groups.set(key, [...(groups.get(key) ?? []), { ...f, ratio }]);
  }
  const plot = WIDTH - LABEL_WIDTH - 70;
  const x = (r: number) => LABEL_WIDTH + (Math.min(r, MAX_RATIO) / MAX_RATIO) * plot;
  const parts: string[] = [];
  let y = TOP;
  for (const [title, items] of groups) {
    parts.push(`<text x="8" y="${y + 11}" class="group">${escapeXml(title)}</text>`);
    y += BAR_HEIGHT + GAP;
    for (const f of items) {
      const r = f.ratio;
      const end = x(r);
      parts.push(
        `<text x="${LABEL_WIDTH - 8}" y="${y + 12}" class="label" text-anchor="end">${escapeXml(f.client)}</text>`,
        `<rect x="${LABEL_WIDTH}" y="${y}" width="${Math.max(1, end - LABEL_WIDTH).toFixed(1)}" height="${BAR_HEIGHT}" fill="${color(f.client)}" rx="2"/>`,
        `<text x="${(end + 4).toFixed(1)}" y="${y + 12}" class="value">${r.toFixed(2)}×${r > MAX_RATIO ? ' ▸' : ''}</text>`,
      );
      y += BAR_HEIGHT + GAP;
    }
    y += GROUP_GAP;
  }
  const height = y + 10;
  const one = x(1);
  const ticks = [0, 0.5, 1, 1.5, 2, 2.5, 3]
    .map(
      (t) =>
        `<text x="${x(t).toFixed(1)}" y="${TOP - 8}" class="tick" text-anchor="middle">${t}×</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif">`,
    '<title>rxkube benchmarks: each figure as a ratio to its baseline</title>',
    '<style>.group{font-size:12px;font-weight:600;fill:#111827}.label{font-size:11px;fill:#374151}.value{font-size:11px;fill:#111827}.tick{font-size:10px;fill:#6b7280}.title{font-size:14px;font-weight:700;fill:#111827}</style>',
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    '<text x="8" y="18" class="title">rxkube benchmarks: each figure as a ratio to its baseline (dashed line: 1×)</text>',
    ticks,
    ...parts,
    `<line x1="${one.toFixed(1)}" y1="${TOP - 4}" x2="${one.toFixed(1)}" y2="${height - 6}" stroke="#111827" stroke-dasharray="4 3" stroke-width="1"/>`,
    '</svg>',
    '',
  ].join('\n');
}
