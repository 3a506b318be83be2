/**
 * A `kubernetes-types` model served at another `apiVersion` than the one it names: kube-apiserver
 * 1.20 serves `cronjobs` at `batch/v1beta1` only, whose objects have the shape of the later
 * `batch/v1` model. The model with its `apiVersion` replaced.
 *
 * @example
 * ```ts
 * import type { AtApiVersion } from '@rxkube/core/kinds';
 * import type { CronJob } from 'kubernetes-types/batch/v1.js';
 * const job: AtApiVersion<CronJob, 'batch/v1beta1'> = { apiVersion: 'batch/v1beta1', kind: 'CronJob' };
 * ```
 */
export type AtApiVersion<
  T extends { readonly apiVersion?: string },
  ApiVersion extends string,
> = Omit<T, 'apiVersion'> & { readonly apiVersion?: ApiVersion };
