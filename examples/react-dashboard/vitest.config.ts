import { e2eTestSettings } from '@rxkube/example-dashboard-shared/e2e-test-settings';
import { defineProject, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.js';

export default mergeConfig(sharedTestConfig, defineProject({ test: e2eTestSettings }));
