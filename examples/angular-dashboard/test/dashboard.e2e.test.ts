import { describePodTable } from '@rxkube/example-dashboard-shared/e2e';
import { angularDashboard } from './support/angular-dashboard.js';

// The pod table in Chromium against the fake API server (the suite is shared with the React
// dashboard, which renders the same page).
describePodTable(angularDashboard);
