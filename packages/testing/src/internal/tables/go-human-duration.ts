/**
 * apimachinery's `duration.HumanDuration`, which kube-apiserver's printers use for ages: `45s`,
 * `3m20s`, `5h10m`, `3d4h`, `2y30d`, `2y` (never `2y0d`); `0s` for up to one second in the
 * future, `<invalid>` beyond.
 */
export function goHumanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) return withRest(`${minutes}m`, seconds % 60, 's');
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) return withRest(`${hours}h`, minutes % 60, 'm');
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) return withRest(`${days}d`, hours % 24, 'h');
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) return withRest(`${years}y`, days % 365, 'd');
  return `${years}y`;
}

/** `head` followed by the smaller unit's rest, left out when it is zero (`2y`, never `2y0d`). */
function withRest(head: string, rest: number, unit: string): string {
  return rest === 0 ? head : `${head}${rest}${unit}`;
}

/** A printer's age of a timestamp (`translateTimestampSince`): `<unknown>` when unset. */
export function ageOf(timestamp: unknown, now: number): string {
  if (typeof timestamp !== 'string' || timestamp === '') return '<unknown>';
  const at = Date.parse(timestamp);
  return Number.isNaN(at) ? '<unknown>' : goHumanDuration(now - at);
}
