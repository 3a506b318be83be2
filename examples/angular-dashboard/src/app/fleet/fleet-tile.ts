import type { Signal } from '@angular/core';
import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import type { InjectedCollection } from '@rxkube/angular';
import type { FleetTileSpec, LatestChange } from '@rxkube/example-dashboard-shared';
import { HealthBadge } from '../health-badge/health-badge';

/** A live collection of the fleet view, as its tile shows it. */
export interface FleetTileModel {
  readonly spec: FleetTileSpec;
  readonly collection: InjectedCollection;
  readonly latest: Signal<LatestChange | undefined>;
}

/** One tile: kind and namespace, the object count, the latest change and the health badge. */
@Component({
  selector: 'app-fleet-tile',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [HealthBadge],
  template: `
    @let collection = tile().collection;
    @let latest = tile().latest();
    <article
      class="tile"
      [attr.data-tile]="tile().spec.id"
      [attr.data-status]="collection.health().status"
      [attr.data-count]="collection.synced() ? collection.items().size : null"
    >
      <header>
        <h2>{{ tile().spec.kind }}</h2>
        <span class="scope">{{ tile().spec.ref.namespace ?? 'all namespaces' }}</span>
      </header>
      <p class="count" data-testid="count">{{ collection.synced() ? collection.items().size : '…' }}</p>
      <p class="latest" data-testid="latest">
        @if (latest) {
          <span [class]="'change change-' + latest.type">{{ latest.type }}</span> {{ latest.key }}
        } @else {
          no change yet
        }
      </p>
      <app-health-badge [health]="collection.health()" />
    </article>
  `,
})
export class FleetTile {
  readonly tile = input.required<FleetTileModel>();
}
