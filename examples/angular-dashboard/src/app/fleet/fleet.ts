import { ChangeDetectionStrategy, Component, computed, inject, type Signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { type InjectedCollection, injectCollection } from '@rxkube/angular';
import type { CollectionState } from '@rxkube/core';
import {
  fleetTiles,
  type LatestChange,
  latestChange,
  viewUrl,
} from '@rxkube/example-dashboard-shared';
import { catchError, EMPTY, scan } from 'rxjs';
import { API_URL } from '../api-url-token';
import { FleetTile, type FleetTileModel } from './fleet-tile';

/** The latest change of `collection`, kept across emissions that change only health. */
function latestOf(collection: InjectedCollection): Signal<LatestChange | undefined> {
  const latest$ = collection.state$.pipe(
    scan<CollectionState, LatestChange | undefined>(
      (previous, state) => latestChange(previous, state.deltas),
      undefined,
    ),
    catchError(() => EMPTY),
  );
  return toSignal(latest$, { initialValue: undefined });
}

/**
 * The fleet view: 32 live collections across kinds and namespaces in one tab, each a tile with
 * its count, latest change and health. Every collection is its own list+watch; behind
 * `rxkube proxy` they share one WebSocket, over plain HTTP/1.1 fetch only six can be watched.
 */
@Component({
  selector: 'app-root',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [FleetTile],
  template: `
    <header>
      <h1>Fleet</h1>
      <span class="summary" data-testid="summary" [attr.data-live]="live()" [attr.data-total]="tiles.length">
        <b>{{ live() }}</b> of <b>{{ tiles.length }}</b> collections live
      </span>
      <a class="switch" data-testid="switch" [href]="podsView">pod table</a>
      <span class="api" data-testid="api">{{ api }}</span>
    </header>
    <section class="tiles">
      @for (tile of tiles; track tile.spec.id) {
        <app-fleet-tile [tile]="tile" />
      }
    </section>
  `,
})
export class Fleet {
  /** Where the API is (shown in the header). */
  protected readonly api = inject(API_URL);

  /** One shared list+watch per tile, started with the view and released with it. */
  protected readonly tiles: readonly FleetTileModel[] = fleetTiles().map((spec) => {
    const collection = injectCollection(spec.ref);
    return { spec, collection, latest: latestOf(collection) };
  });

  /** How many collections are live (synced and watching). */
  protected readonly live = computed(
    () => this.tiles.filter((tile) => tile.collection.health().status === 'live').length,
  );

  /** This page with the pod table instead. */
  protected readonly podsView = viewUrl(new URL(window.location.href), 'pods');
}
