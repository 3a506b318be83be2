/**
 * apimachinery's `duration.HumanDuration`, which kube-apiserver's printers use for ages: `45s`,
 * `3m20s`, `5h10m`, `3d4h`, `2y30d`; `0s` for up to one second in the future, `<invalid>` beyond.
 */
export function goHumanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    return `${Math.trunc(hours / 24 / 365)}y${Math.trunc(hours / 24) % 365}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/** A printer's age of a timestamp (`translateTimestampSince`): `<unknown>` when unset. */
export function ageOf(timestamp: unknown, now: number): string {
  if (typeof timestamp !== 'string' || timestamp === '') return '<unknown>';
  const at = Date.parse(timestamp);
  return Number.isNaN(at) ? '<unknown>' : goHumanDuration(now - at);
}
