import type { FleetTileSpec } from '@rxkube/example-dashboard-shared';
import type { CollectionResult } from '@rxkube/react';
import { memo } from 'react';
import { HealthBadge } from '../health-badge';
import { useLatestChange } from './use-latest-change';

/**
 * One tile: kind and namespace, the object count, the latest change and the health badge.
 * Memoised: it renders again only when its own collection emits.
 */
export const FleetTile = memo(function FleetTile(props: {
  readonly spec: FleetTileSpec;
  readonly collection: CollectionResult;
}) {
  const { spec, collection } = props;
  const latest = useLatestChange(collection.deltas);
  return (
    <article
      className="tile"
      data-tile={spec.id}
      data-status={collection.health.status}
      data-count={collection.synced ? collection.items.size : undefined}
    >
      <header>
        <h2>{spec.kind}</h2>
        <span className="scope">{spec.ref.namespace ?? 'all namespaces'}</span>
      </header>
      <p className="count" data-testid="count">
        {collection.synced ? collection.items.size : '…'}
      </p>
      <p className="latest" data-testid="latest">
        {latest === undefined ? (
          'no change yet'
        ) : (
          <>
            <span className={`change change-${latest.type}`}>{latest.type}</span> {latest.key}
          </>
        )}
      </p>
      <HealthBadge health={collection.health} />
    </article>
  );
});
