/**
 * Where and how a run was made, for the report.
 *
 * @example
 * ```ts
 * const info: RunInfo = { date: '2025-01-01', node: 'v20.20.2', cpu: '2 × Xeon', quick: false,
 *   bytesPerPod: 2680, managedFields: true, wallSeconds: 540 };
 * ```
 */
export interface RunInfo {
  readonly date: string;
  readonly node: string;
  readonly cpu: string;
  readonly quick: boolean;
  readonly bytesPerPod: number;
  readonly managedFields: boolean;
  readonly wallSeconds: number;
}
