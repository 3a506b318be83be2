import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.js';

export default defineProject({
  ...sharedTestConfig,
  resolve: {
    alias: {
      ...(sharedTestConfig.resolve?.alias as Record<string, string>),
      '@rxkube/cli': fileURLToPath(new URL('./src/index.ts', import.meta.url)),
    },
  },
});
