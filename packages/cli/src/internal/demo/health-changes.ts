import type { CollectionHealth } from '@rxkube/core';

/** Calls `log` when the health changes (a new reconnect attempt counts as a change). */
export function healthChanges(
  log: (health: CollectionHealth) => void,
): (health: CollectionHealth) => void {
  let last: string | undefined;
  return (health) => {
    const id = health.status === 'reconnecting' ? `reconnecting#${health.attempt}` : health.status;
    if (id === last) return;
    last = id;
    log(health);
  };
}
