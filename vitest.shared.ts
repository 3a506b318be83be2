import { fileURLToPath } from 'node:url';
import type { ViteUserConfig } from 'vitest/config';

const src = (pkg: string, entry = 'index.ts') =>
  fileURLToPath(new URL(`./packages/${pkg}/src/${entry}`, import.meta.url));

/**
 * Test settings shared by every package: workspace packages resolve to their sources. A subpath
 * comes before its package: an alias also matches the specifiers that start with it and a `/`.
 */
export const sharedTestConfig: ViteUserConfig = {
  resolve: {
    alias: {
      '@rxkube/core/transport': src('core', 'transport/index.ts'),
      '@rxkube/core/time': src('core', 'time/index.ts'),
      '@rxkube/core/kinds': src('core', 'kinds/index.ts'),
      '@rxkube/core/controller': src('core', 'controller/index.ts'),
      '@rxkube/core/errors': src('core', 'errors/index.ts'),
      '@rxkube/core/discovery': src('core', 'discovery/index.ts'),
      '@rxkube/core/proxy': src('core', 'proxy/index.ts'),
      '@rxkube/core': src('core'),
      '@rxkube/node/node-http': src('node', 'node-http/index.ts'),
      '@rxkube/node': src('node'),
      '@rxkube/testing': src('testing'),
      '@rxkube/angular/testing': src('angular', 'testing/index.ts'),
      '@rxkube/angular': src('angular'),
      '@rxkube/cli': src('cli'),
      '@rxkube/example-shared': fileURLToPath(
        new URL('./examples/shared/src/index.ts', import.meta.url),
      ),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
};
