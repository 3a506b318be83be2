import { defineProject, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.js';

export default mergeConfig(
  sharedTestConfig,
  defineProject({
    // One TypeScript program for all blocks: building it parses the packages' sources once.
    test: { testTimeout: 120_000, hookTimeout: 120_000 },
  }),
);
