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
      // One module graph for every file: jsdom and React load once instead of per file (a third
      // of the time on two cores). The hooks keep no state between tests but per registry, and
      // each test makes its own registry; setup.ts unmounts after each test.
      isolate: false,
    },
  }),
);
