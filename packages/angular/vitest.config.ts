import { defineConfig, defineProject, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.js';
import { guideSnippetPlugin } from './test/guide/guide-snippet-plugin.js';

export default defineConfig({
  test: {
    projects: [
      mergeConfig(
        sharedTestConfig,
        defineProject({
          test: {
            name: 'unit',
            exclude: ['test/guide/**'],
            // Angular's TestBed: the JIT compiler and a browser testing platform, set up once per file.
            setupFiles: ['test/support/setup-test-bed.ts'],
          },
        }),
      ),
      // The guide's snippets, as a user runs them: no setup file prepares anything.
      defineProject({
        ...sharedTestConfig,
        plugins: [guideSnippetPlugin()],
        test: {
          ...sharedTestConfig.test,
          name: 'guide',
          include: ['test/guide/**/*.test.ts'],
        },
      }),
    ],
  },
});
