/** One reconcile of a key in one replica: when it started and when it had ended. */
export interface ReplicaRun {
  readonly replica: string;
  readonly key: string;
  readonly from: number;
  readonly to: number;
  readonly aborted?: boolean;
}

/**
 * The reconciles of one key by two replicas whose times overlap, each pair as a line: what a
 * sharded controller must never do. Runs of one replica may touch (a key runs again right after).
 *
 * @example
 * ```ts
 * import { overlappingRuns } from '@rxkube/conformance';
 * overlappingRuns([
 *   { replica: 'a', key: 'ns/x', from: 0, to: 10 },
 *   { replica: 'b', key: 'ns/x', from: 5, to: 12 },
 * ]); // ['ns/x: a 0..10 and b 5..12']
 * ```
 */
export function overlappingRuns(runs: readonly ReplicaRun[]): string[] {
  const byKey = new Map<string, ReplicaRun[]>();
  for (const run of runs) {
    const list = byKey.get(run.key);
    if (list === undefined) byKey.set(run.key, [run]);
    else list.push(run);
  }
  const found: string[] = [];
  for (const [key, list] of byKey) {
    list.sort((p, q) => p.from - q.from);
    // The run that reaches furthest so far: any later start before its end overlaps it.
    let reach: ReplicaRun | undefined;
    for (const run of list) {
      if (reach !== undefined && run.replica !== reach.replica && run.from < reach.to) {
        found.push(
          `${key}: ${reach.replica} ${reach.from}..${reach.to} and ${run.replica} ${run.from}..${run.to}`,
        );
      }
      if (reach === undefined || run.to > reach.to) reach = run;
    }
  }
  return found;
}
