/**
 * The vitest settings of a dashboard's end-to-end tests: one browser and one fake API server per
 * file, the files one at a time, in Node, with room for a loaded machine.
 */
export const e2eTestSettings = {
  include: ['test/**/*.test.ts'],
  fileParallelism: false,
  testTimeout: 30_000,
  // Starting Chromium on a loaded machine (the whole suite on two cores) can take long.
  hookTimeout: 180_000,
};
