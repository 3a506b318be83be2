/** The least the benchmark reads of an object: its annotations. */
export interface ObjectLike {
  readonly metadata?:
    | { readonly annotations?: Readonly<Record<string, string>> | undefined }
    | undefined;
}

/** How a client under test is set up. */
export interface BenchClientOptions {
  /** The FakeApiServer's URL. */
  readonly url: string;
  /** LIST page size (`limit`), where the client supports pagination. */
  readonly pageSize: number;
  /** Independent consumers of the collection (shared or not, depending on the client). */
  readonly subscribers: number;
  /**
   * Called for every object a consumer's cache takes in (added or modified), with the consumer's
   * index: how the benchmark sees when a cache shows an event.
   */
  readonly onApplied: (subscriber: number, object: ObjectLike) => void;
}

/**
 * One client under test: LIST, then WATCH into an in-memory cache, for one or more consumers.
 *
 * @example
 * ```ts
 * const client = floorClient({ url, pageSize: 500, subscribers: 1, onApplied: () => {} });
 * await client.start(); // resolves once the cache holds the complete list
 * ```
 */
export interface BenchClient {
  /** Lists and starts watching; resolves once every consumer holds the complete list. */
  start(): Promise<void>;
  /** Objects in the first consumer's cache. */
  size(): number;
  /** Stops watching. */
  stop(): Promise<void>;
  /**
   * Resolves once every consumer's watch has been accepted. A burst written before that could
   * reach the server ahead of a watch request, which would then have to replay the burst from
   * the server's history, or relist when the history is too short, and show the state instead
   * of each event.
   */
  watching?(): Promise<void>;
  /** What the client was last seen doing, for a run that stalls (rxkube: its last health). */
  describe?(): string;
}
