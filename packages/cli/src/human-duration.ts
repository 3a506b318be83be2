const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/**
 * A duration the way kubectl's AGE column shows it: exact for short spans, coarser as they grow
 * (`45s`, `2m10s`, `15m`, `3h20m`, `10h`, `3d4h`, `20d`, `2y40d`, `9y`). A negative duration
 * (clock skew) of up to a second is `0s`; beyond that `<invalid>`.
 *
 * @example
 * ```ts
 * import { humanDuration } from '@rxkube/cli';
 * humanDuration(130_000); // '2m10s'
 * humanDuration(5 * 3_600_000); // '5h'
 * ```
 */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 2 * 60) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 10) return withRest(`${minutes}m`, seconds % 60, 's');
  if (minutes < 3 * 60) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 8) return withRest(`${hours}h`, minutes % 60, 'm');
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(ms / DAY);
  if (hours < 8 * 24) return withRest(`${days}d`, hours % 24, 'h');
  if (ms < 2 * YEAR) return `${days}d`;
  const years = Math.trunc(ms / YEAR);
  if (ms < 8 * YEAR) return withRest(`${years}y`, days % 365, 'd');
  return `${years}y`;
}

function withRest(head: string, rest: number, unit: string): string {
  return rest === 0 ? head : `${head}${rest}${unit}`;
}
