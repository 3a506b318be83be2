import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import type { CollectionHealth } from '@rxkube/core';

function describe(health: CollectionHealth): string {
  switch (health.status) {
    case 'listing':
      return 'listing…';
    case 'live':
      return 'live';
    case 'reconnecting':
      return `reconnecting · attempt ${health.attempt}, next in ${(health.delayMs / 1000).toFixed(1)} s`;
    case 'relisting':
      return 'relisting';
    case 'failed':
      return `failed: ${health.error instanceof Error ? health.error.message : String(health.error)}`;
  }
}

/** Shows a collection's health: listing, live, reconnecting (with attempt and delay), relisting, failed. */
@Component({
  selector: 'app-health-badge',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `<span
    class="badge"
    data-testid="health"
    [attr.data-status]="health().status"
    [class]="'badge badge-' + health().status"
    [title]="label()"
    >{{ label() }}</span
  >`,
})
export class HealthBadge {
  readonly health = input.required<CollectionHealth>();
  protected readonly label = computed(() => describe(this.health()));
}
