import type { ClusterEnv } from '../../src/cluster-env.js';

/** What the global setup hands to every test file. */
export interface ClusterContext {
  /** The cluster's env file, parsed, as `start.sh --second` left it. */
  readonly env: ClusterEnv;
  /** `scripts/kube-apiserver` of this repository. */
  readonly scriptsDir: string;
  /** Seconds each setup step took, for the report. */
  readonly setupSeconds: Readonly<Record<string, number>>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: ClusterContext;
  }
}
