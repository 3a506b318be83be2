import { type Pod, podMatches, podRows, viewUrl } from '@rxkube/example-dashboard-shared';
import { useCollection } from '@rxkube/react';
import { useMemo, useState } from 'react';
import { HealthBadge } from '../health-badge';
import { PageHeader } from '../page-header';
import { NamespaceSelect } from './namespace-select';
import { PhaseCounts } from './phase-counts';
import { PodTable } from './pod-table';
import { PODS } from './pods-ref';

/** This page with the fleet view instead (the address changes only with a new page load). */
const FLEET_VIEW = viewUrl(new URL(window.location.href), 'fleet');

/** The pod table: every pod of the cluster, live, with a text filter and a namespace selector. */
export function PodsView({ api }: { readonly api: string }) {
  const pods = useCollection<Pod>(PODS);
  const [text, setText] = useState('');
  const [namespace, setNamespace] = useState('');
  // `items` keeps its identity until a pod changes: the rows are computed again only then, or
  // when the filter changes.
  const rows = useMemo(
    () => podRows(pods.items, podMatches({ text, namespace })),
    [pods.items, text, namespace],
  );

  return (
    <>
      <PageHeader title="Pods" other={{ href: FLEET_VIEW, label: 'fleet view' }} api={api}>
        <HealthBadge health={pods.health} />
      </PageHeader>
      <section className="controls">
        <input
          type="search"
          data-testid="filter"
          placeholder="Filter by name, node or phase"
          aria-label="Filter pods"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <NamespaceSelect value={namespace} onChange={setNamespace} />
      </section>
      <section className="counts" data-testid="counts">
        <span>
          shown <b data-testid="shown">{rows.length}</b> of{' '}
          <b data-testid="total">{pods.items.size}</b>
        </span>
        <PhaseCounts />
        <span className="stats">
          events <b data-testid="events">{pods.stats.events}</b> · lists{' '}
          <b data-testid="lists">{pods.stats.lists}</b> · relists{' '}
          <b data-testid="relists">{pods.stats.relists}</b> · reconnects{' '}
          <b data-testid="reconnects">{pods.stats.reconnects}</b>
        </span>
      </section>
      <PodTable rows={rows} synced={pods.synced} />
    </>
  );
}
