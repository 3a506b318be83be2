import { defineProject, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.js';

export default mergeConfig(
  sharedTestConfig,
  defineProject({
    test: {
      // Angular's TestBed: the JIT compiler and a browser testing platform, set up once per file.
      setupFiles: ['test/support/setup-test-bed.ts'],
    },
  }),
);
