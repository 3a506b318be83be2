import { fileURLToPath } from 'node:url';
import type { DashboardUnderTest } from '@rxkube/example-dashboard-shared/e2e';

const docsImage = (name: string) =>
  fileURLToPath(new URL(`../../../../docs/images/${name}`, import.meta.url));

/** This example as the shared end-to-end suites drive it: `vite build`'s output. */
export const reactDashboard: DashboardUnderTest = {
  name: 'react dashboard',
  appDir: fileURLToPath(new URL('../../dist/', import.meta.url)),
  screenshots: { pods: docsImage('react-dashboard.png'), fleet: docsImage('react-fleet.png') },
};
