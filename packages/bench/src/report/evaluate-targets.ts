import type { Figure } from './figure.js';
import type { TargetResult } from './target-result.js';

function target(
  name: string,
  figure: Figure | undefined,
  limit: number,
  better: 'lower' | 'higher',
): TargetResult {
  const measured = figure?.ratio;
  return {
    target: name,
    measured,
    ...(figure?.spread === undefined ? {} : { spread: figure.spread }),
    limit,
    better,
    met:
      measured === undefined
        ? undefined
        : better === 'lower'
          ? measured <= limit
          : measured >= limit,
  };
}

/**
 * The targets rxkube is held to, judged on this run's ratios: first as stated (wall-clock), then
 * the same limits on CPU time, which other processes on the machine disturb much less.
 *
 * @example
 * ```ts
 * for (const t of evaluateTargets(figures)) console.log(t.target, t.met);
 * ```
 */
export function evaluateTargets(figures: readonly Figure[]): TargetResult[] {
  const find = (section: (s: string) => boolean, metric: string, client: string) =>
    figures.find((f) => section(f.section) && f.metric === metric && f.client === client);
  const syncSections = [...new Set(figures.map((f) => f.section))].filter((s) =>
    s.startsWith('Initial sync'),
  );
  const sizeOf = (section: string) => section.replace('Initial sync, ', '');
  const is = (section: string) => (s: string) => s === section;
  const watch = (s: string) => s.startsWith('Watch');
  const shared = (s: string) => s.startsWith('Sharing');
  const sharedClient =
    figures.find((f) => shared(f.section) && f.client.includes('shared'))?.client ??
    'rxkube ×10 shared';
  const growth = (metric: string) => {
    const rows = figures.filter(
      (f) => f.section.startsWith('Growth: rxkube') && f.metric === metric,
    );
    const largest = rows[rows.length - 1];
    const size = largest?.client.replace('rxkube at ', '') ?? '100k';
    const base = largest?.baseline?.replace('rxkube at ', '') ?? '1k';
    return target(`${metric} at ${size} ≤ 1.3× at ${base}`, largest, 1.3, 'lower');
  };

  // Each sync section (`<prefix><size>`) held to 1.05× its baseline, second and first sync.
  const syncTargets = (prefix: string, against: string): TargetResult[] =>
    [...new Set(figures.map((f) => f.section))]
      .filter((s) => s.startsWith(prefix))
      .flatMap((section) => {
        const size = section.slice(prefix.length);
        return [
          target(
            `sync time ${size} ≤ 1.05× ${against}`,
            find(is(section), 'time to synced', 'rxkube'),
            1.05,
            'lower',
          ),
          target(
            `sync time ${size}, first in the process, ≤ 1.05× ${against}`,
            find(is(section), 'time to synced, first in the process', 'rxkube'),
            1.05,
            'lower',
          ),
        ];
      });

  const results: TargetResult[] = [
    ...syncTargets('Initial sync, ', 'floor'),
    ...syncTargets('Pages ahead: initial sync, ', 'the floor asking pages ahead'),
  ];
  results.push(
    target('watch events/s ≥ 1.0× floor', find(watch, 'events/s', 'rxkube'), 1.0, 'higher'),
  );
  for (const section of syncSections) {
    results.push(
      target(
        `retained heap/object ${sizeOf(section)} ≤ 1.0× floor`,
        find(is(section), 'retained heap / object', 'rxkube'),
        1.0,
        'lower',
      ),
      target(
        `retained heap/object ${sizeOf(section)} with managedFields dropped ≤ 0.55× floor`,
        find(is(section), 'retained heap / object', 'rxkube (transform)'),
        0.55,
        'lower',
      ),
    );
  }
  results.push(growth('time / event'));
  results.push(
    target(
      `${sharedClient}: sync time ≤ 1.1× one`,
      find(shared, 'time to synced', sharedClient),
      1.1,
      'lower',
    ),
    target(
      `${sharedClient}: time/event ≤ 1.1× one`,
      find(shared, 'time / event', sharedClient),
      1.1,
      'lower',
    ),
  );
  // The same limits on CPU time.
  for (const section of syncSections) {
    results.push(
      target(
        `CPU: sync ${sizeOf(section)} ≤ 1.05× floor`,
        find(is(section), 'CPU time', 'rxkube'),
        1.05,
        'lower',
      ),
      target(
        `CPU: sync ${sizeOf(section)}, first in the process, ≤ 1.05× floor`,
        find(is(section), 'CPU time, first in the process', 'rxkube'),
        1.05,
        'lower',
      ),
    );
  }
  results.push(
    target(
      'CPU: watch, per event ≤ 1.0× floor',
      find(watch, 'CPU / event', 'rxkube'),
      1.0,
      'lower',
    ),
    target(
      'CPU: watch with the ndjson decoder, per event ≤ 1.11× floor',
      find(watch, 'CPU / event', 'rxkube (ndjson decoder)'),
      1 / 0.9,
      'lower',
    ),
  );
  const cpuGrowth = growth('CPU / event');
  results.push({
    ...cpuGrowth,
    target: `CPU: ${cpuGrowth.target.replace('CPU / event', 'per event')}`,
  });
  results.push(
    target(
      `CPU: ${sharedClient}, per event ≤ 1.1× one`,
      find(shared, 'CPU / event', sharedClient),
      1.1,
      'lower',
    ),
  );
  return results;
}
