/**
 * What `faults.stallWatches` does.
 *
 * @example
 * ```ts
 * import { FakeApiServer } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * server.faults.stallWatches(); // open and new watches go silent
 * server.faults.stallWatches({ stalled: false }); // they resume with everything held back
 * await server.close();
 * ```
 */
export interface StallWatchesOptions {
  /**
   * `true`: open and new watches go silent (no events, no bookmarks) but stay open; `false`
   * resumes them with everything held back. Default `true`.
   */
  readonly stalled?: boolean;
}
