import { fileURLToPath } from 'node:url';
import type { DashboardUnderTest } from '@rxkube/example-dashboard-shared/e2e';

const docsImage = (name: string) =>
  fileURLToPath(new URL(`../../../../docs/images/${name}`, import.meta.url));

/** This example as the shared end-to-end suites drive it: `ng build`'s output. */
export const angularDashboard: DashboardUnderTest = {
  name: 'angular dashboard',
  appDir: fileURLToPath(new URL('../../dist/browser/', import.meta.url)),
  screenshots: { pods: docsImage('angular-dashboard.png'), fleet: docsImage('angular-fleet.png') },
};
