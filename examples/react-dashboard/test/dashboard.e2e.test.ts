import { describePodTable } from '@rxkube/example-dashboard-shared/e2e';
import { reactDashboard } from './support/react-dashboard.js';

// The pod table in Chromium against the fake API server (the suite is shared with the Angular
// dashboard, which renders the same page).
describePodTable(reactDashboard);
