import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import type { CollectionHealth } from '@rxkube/core';
import { healthLabel } from '@rxkube/example-dashboard-shared';

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
  protected readonly label = computed(() => healthLabel(this.health()));
}
