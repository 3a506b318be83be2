import type { CollectionHealth } from '@rxkube/core';
import { healthLabel } from '@rxkube/example-dashboard-shared';

/** A collection's health: listing, live, reconnecting (with attempt and delay), relisting, failed. */
export function HealthBadge({ health }: { readonly health: CollectionHealth }) {
  const label = healthLabel(health);
  return (
    <span
      className={`badge badge-${health.status}`}
      data-testid="health"
      data-status={health.status}
      title={label}
    >
      {label}
    </span>
  );
}
