import type { View } from '@rxkube/example-dashboard-shared';
import { FleetView } from './fleet/fleet-view';
import { PodsView } from './pods/pods-view';

/** The dashboard: the pod table, or the fleet of 32 collections (`?view=fleet`). */
export function App({ api, view }: { readonly api: string; readonly view: View }) {
  return view === 'fleet' ? <FleetView api={api} /> : <PodsView api={api} />;
}
