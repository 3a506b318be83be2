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
 * The targets rxkube is held to, judged on this run's ratios.
 *
 * @example
 * ```ts
 * for (const t of evaluateTargets(figures)) console.log(t.target, t.met);
 * ```
 */
export function evaluateTargets(figures: readonly Figure[]): TargetResult[] {
  const find = (section: (s: string) => boolean, metric: string, client: string) =>
    figures.find((f) => section(f.section) && f.metric === metric && f.client === client);
  const results: TargetResult[] = [];
  const syncSections = [...new Set(figures.map((f) => f.section))].filter((s) =>
    s.startsWith('Initial sync'),
  );
  for (const section of syncSections) {
    const size = section.replace('Initial sync, ', '');
    const is = (s: string) => s === section;
    results.push(
      target(
        `sync time ${size} ≤ 1.15× floor`,
        find(is, 'time to synced', 'rxkube'),
        1.15,
        'lower',
      ),
    );
  }
  results.push(
    target(
      'watch events/s ≥ 0.9× floor',
      find((s) => s.startsWith('Watch'), 'events/s', 'rxkube'),
      0.9,
      'higher',
    ),
  );
  for (const section of syncSections) {
    const size = section.replace('Initial sync, ', '');
    const is = (s: string) => s === section;
    results.push(
      target(
        `retained heap/object ${size} ≤ 1.05× floor`,
        find(is, 'retained heap / object', 'rxkube'),
        1.05,
        'lower',
      ),
      target(
        `retained heap/object ${size} with transform ≤ 0.7× floor`,
        find(is, 'retained heap / object', 'rxkube (transform)'),
        0.7,
        'lower',
      ),
    );
  }
  const growth = figures.filter((f) => f.section.startsWith('Growth: rxkube'));
  const largest = growth[growth.length - 1];
  results.push(
    target(
      `time/event at ${largest?.client.replace('rxkube at ', '') ?? '100k'} ≤ 1.5× at ${largest?.baseline?.replace('rxkube at ', '') ?? '1k'}`,
      largest,
      1.5,
      'lower',
    ),
  );
  const shared = (s: string) => s.startsWith('Sharing');
  const sharedClient =
    figures.find((f) => shared(f.section) && f.client.includes('shared'))?.client ??
    'rxkube ×10 shared';
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
    target(
      `${sharedClient}: CPU/event ≤ 1.1× one`,
      find(shared, 'CPU / event', sharedClient),
      1.1,
      'lower',
    ),
  );
  return results;
}
