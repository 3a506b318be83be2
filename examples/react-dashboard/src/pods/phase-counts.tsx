import type { Pod } from '@rxkube/example-dashboard-shared';
import { useCollection } from '@rxkube/react';
import { countBy } from './count-by';
import { PODS } from './pods-ref';

const perPhase = countBy((pod) => pod.status?.phase ?? 'Unknown');

/** How many pods are in each phase: renders again only when a count changes. */
export function PhaseCounts() {
  const phases = useCollection<Pod, ReadonlyMap<string, number>>(PODS, { select: perPhase });
  return [...phases.data].map(([phase, count]) => (
    <span key={phase} className={`phase phase-${phase}`}>
      {phase} <b>{count}</b>
    </span>
  ));
}
