import { defineProject, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.js';

export default mergeConfig(
  sharedTestConfig,
  defineProject({
    test: {
      include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
      // React Testing Library renders into a DOM; the fake API server runs in the same Node
      // process, reached with Node's own fetch (jsdom has none to replace it).
      environment: 'jsdom',
      setupFiles: ['test/support/setup.ts'],
    },
  }),
);
