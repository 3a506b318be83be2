/**
 * A column a custom resource's Table shows, as in a CustomResourceDefinition's
 * `additionalPrinterColumns` (kube-apiserver prints it after NAME, `priority` 1 only in `-o wide`).
 *
 * @example
 * ```ts
 * import type { FakePrinterColumn } from '@rxkube/testing';
 * const size: FakePrinterColumn = { name: 'Size', type: 'string', jsonPath: '.spec.size' };
 * ```
 */
export interface FakePrinterColumn {
  readonly name: string;
  /** `string`, `integer`, `number`, `boolean` or `date` (shown as an age). */
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  /** A simple JSONPath into the object, such as `.spec.replicas`. */
  readonly jsonPath: string;
  readonly format?: string;
  /** Default: `Custom resource definition column (in JSONPath format): <jsonPath>`. */
  readonly description?: string;
  /** 0 (default) shows always, higher only with `-o wide`. */
  readonly priority?: number;
}
