import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.js';

/** The package's own sources, for its tests. */
export const conformanceAlias = {
  '@rxkube/conformance': fileURLToPath(new URL('./src/index.ts', import.meta.url)),
};

/** Fast tests of the helpers only; the suites against a real kube-apiserver are in vitest.apiserver.config.ts. */
export default defineProject({
  ...sharedTestConfig,
  resolve: { alias: { ...sharedTestConfig.resolve?.alias, ...conformanceAlias } },
  test: { ...sharedTestConfig.test, exclude: ['test/apiserver/**', '**/node_modules/**'] },
});
