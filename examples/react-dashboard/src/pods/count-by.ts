import type { Pod } from '@rxkube/example-dashboard-shared';

/**
 * A `select` for `useCollection`: how many pods have each value of `field`, sorted by value. A
 * component that selects it renders again only when a count changes, not for every pod event.
 */
export function countBy(
  field: (pod: Pod) => string,
): (items: ReadonlyMap<string, Pod>) => ReadonlyMap<string, number> {
  return (items) => {
    const counts = new Map<string, number>();
    for (const pod of items.values()) {
      const value = field(pod);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return new Map([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  };
}
