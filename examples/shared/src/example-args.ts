/**
 * The command line of the example, parsed.
 *
 * @example
 * ```ts
 * import type { ExampleArgs } from './example-args.js';
 * const args: ExampleArgs = { mode: 'embedded', allNamespaces: true, help: false };
 * ```
 */
export interface ExampleArgs {
  /** `embedded`: a FakeApiServer under churn in this process; `real`: the cluster of a kubeconfig. */
  readonly mode: 'embedded' | 'real';
  /** `--kubeconfig <file>`: read this file alone, as `kubectl --kubeconfig`. */
  readonly kubeconfig?: string;
  /** `--context <name>`: a kubeconfig context other than the current one. */
  readonly context?: string;
  /** `--namespace <ns>` / `-n`: one namespace. */
  readonly namespace?: string;
  /** `--all-namespaces` / `-A` (the default against the embedded server). */
  readonly allNamespaces: boolean;
  /** `--duration <seconds>`: stop after that long (used by the smoke test). */
  readonly durationMs?: number;
  readonly help: boolean;
}
