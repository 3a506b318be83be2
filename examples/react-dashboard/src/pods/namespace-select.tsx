import type { Pod } from '@rxkube/example-dashboard-shared';
import { useCollection } from '@rxkube/react';
import { countBy } from './count-by';
import { PODS } from './pods-ref';

const perNamespace = countBy((pod) => pod.metadata?.namespace ?? '');

/** The namespace selector, with the pods of each: renders again only when a count changes. */
export function NamespaceSelect(props: {
  readonly value: string;
  readonly onChange: (namespace: string) => void;
}) {
  const namespaces = useCollection<Pod, ReadonlyMap<string, number>>(PODS, {
    select: perNamespace,
  });
  return (
    <select
      data-testid="namespace"
      aria-label="Namespace"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      <option value="">All namespaces</option>
      {[...namespaces.data].map(([name, count]) => (
        <option key={name} value={name}>
          {name} ({count})
        </option>
      ))}
    </select>
  );
}
