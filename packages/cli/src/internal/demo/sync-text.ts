import type { Palette } from '../render/palette.js';
import type { SyncCheck } from './demo-view.js';

/** `cache = server ✓` or `cache ≠ server: 3 differ (1 missing, 0 extra, 2 stale)`. */
export function syncText(check: SyncCheck, palette: Palette): string {
  const d = check.divergence;
  if (d === undefined) return palette.cyan('cache not synced yet');
  if (d.total === 0) return palette.green(`cache = server ✓ (${check.serverObjects} pods)`);
  return palette.yellow(
    `cache ≠ server: ${d.total} differ (${d.missing} missing, ${d.extra} extra, ${d.stale} stale), catching up`,
  );
}
