import { fleetTiles, viewUrl } from '@rxkube/example-dashboard-shared';
import { useCollections } from '@rxkube/react';
import { PageHeader } from '../page-header';
import { FleetTile } from './fleet-tile';

const TILES = fleetTiles();
const REFS = TILES.map((tile) => tile.ref);

/** This page with the pod table instead (the address changes only with a new page load). */
const PODS_VIEW = viewUrl(new URL(window.location.href), 'pods');

/**
 * The fleet view: 32 live collections across kinds and namespaces in one tab, each a tile with
 * its count, latest change and health. Every collection is its own list+watch; behind
 * `rxkube proxy` they share one WebSocket, over plain HTTP/1.1 fetch only six can be watched.
 */
export function FleetView({ api }: { readonly api: string }) {
  const collections = useCollections(REFS);
  const live = collections.filter((c) => c.health.status === 'live').length;
  return (
    <>
      <PageHeader title="Fleet" other={{ href: PODS_VIEW, label: 'pod table' }} api={api}>
        <span className="summary" data-testid="summary" data-live={live} data-total={TILES.length}>
          <b>{live}</b> of <b>{TILES.length}</b> collections live
        </span>
      </PageHeader>
      <section className="tiles">
        {TILES.map((spec, i) => {
          const collection = collections[i];
          return collection && <FleetTile key={spec.id} spec={spec} collection={collection} />;
        })}
      </section>
    </>
  );
}
