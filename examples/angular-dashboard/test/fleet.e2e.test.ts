import { describeFleet } from '@rxkube/example-dashboard-shared/e2e';
import { angularDashboard } from './support/angular-dashboard.js';

// The fleet view's 32 collections in Chromium behind `rxkube proxy` (the suite is shared with the
// React dashboard, which renders the same page).
describeFleet(angularDashboard);
