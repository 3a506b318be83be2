// The end-to-end suites of the dashboard examples: each dashboard's test file calls them with
// its build, and Chromium drives the same page (the same `data-*` attributes) in every framework.

export { CHROMIUM, launchChromium } from './browser.js';
export type { DashboardUnderTest } from './dashboard-under-test.js';
export { describeFleet } from './describe-fleet.js';
export { describePodTable } from './describe-pod-table.js';
export type { FleetFigures } from './fleet-figures.js';
