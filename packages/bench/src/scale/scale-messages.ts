/** One collection of a scale measurement: a resource, cluster-wide or in one namespace. */
export interface ScaleRef {
  readonly group?: string;
  readonly version: string;
  readonly resource: string;
  readonly namespace?: string;
}

/**
 * What a scale client process runs: many `cachedCollection$` over one client.
 *
 * @example
 * ```ts
 * const job: ScaleJob = { url, refs: [{ version: 'v1', resource: 'pods', namespace: 'ns-0' }] };
 * ```
 */
export interface ScaleJob {
  /** The server's URL (FakeApiServer); or unset with `kubeconfig`. */
  readonly url?: string;
  /** A kubeconfig file (the real kube-apiserver over TLS). */
  readonly kubeconfig?: string;
  /** Negotiate HTTP/2 (`allowH2`). */
  readonly allowH2?: boolean;
  readonly refs: readonly ScaleRef[];
}

/** Commands of the parent to a scale client. */
export type ScaleCommand =
  | { readonly type: 'start' }
  | { readonly type: 'measure'; readonly ms: number }
  | { readonly type: 'arm' }
  | { readonly type: 'seen'; readonly count: number }
  | { readonly type: 'stop' };

/** What the process holds: its resources as Node counts them, and its heap. */
export interface ScaleSnapshot {
  /** TCP (and TLS) sockets open in the process. */
  readonly sockets: number;
  /** Active timers (`Timeout` resources). */
  readonly timers: number;
  /** `heapUsed` after full collections. */
  readonly heapBytes: number;
}

export interface ScaleStartReply {
  readonly syncMs: number;
  readonly before: ScaleSnapshot;
  readonly after: ScaleSnapshot;
  readonly objects: number;
}

export interface ScaleMeasureReply {
  /** CPU time over the window. */
  readonly cpuMs: number;
  /** Changed objects the collections took in over the window. */
  readonly applied: number;
  readonly snapshot: ScaleSnapshot;
}
