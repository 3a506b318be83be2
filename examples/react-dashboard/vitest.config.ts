import { defineProject, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.js';

export default mergeConfig(
  sharedTestConfig,
  defineProject({
    test: {
      // One browser, one fake API server: the end-to-end files run one at a time, in Node.
      include: ['test/**/*.test.ts'],
      fileParallelism: false,
      testTimeout: 30_000,
      // Starting Chromium on a loaded machine (the whole suite on two cores) can take long.
      hookTimeout: 180_000,
    },
  }),
);
