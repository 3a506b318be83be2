import { defineProject } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.js';
import { conformanceAlias } from './vitest.config.js';

/**
 * `pnpm test:apiserver`: the suites against a real kube-apiserver. The global setup installs,
 * builds and starts etcd with two apiservers in a fresh run directory, and stops exactly those.
 * The files share that cluster and one of them restarts an apiserver, so they run one at a time.
 */
export default defineProject({
  ...sharedTestConfig,
  resolve: { alias: { ...sharedTestConfig.resolve?.alias, ...conformanceAlias } },
  test: {
    ...sharedTestConfig.test,
    include: ['test/apiserver/**/*.test.ts'],
    globalSetup: ['test/apiserver/global-setup.ts'],
    fileParallelism: false,
    // A real server: an apiserver restart takes ~10 s, a ResourceVersionTooLarge answer 3 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
