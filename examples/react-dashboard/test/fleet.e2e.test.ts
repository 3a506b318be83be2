import { describeFleet } from '@rxkube/example-dashboard-shared/e2e';
import { reactDashboard } from './support/react-dashboard.js';

// The fleet view's 32 collections in Chromium behind `rxkube proxy`: every one live, every
// change shown, the dropped connection shown and recovered (the suite is shared with the
// Angular dashboard, which renders the same page).
describeFleet(reactDashboard);
