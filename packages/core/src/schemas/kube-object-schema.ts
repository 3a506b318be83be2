import * as z from 'zod/mini';
import { objectMetaSchema } from './object-meta-schema.js';

/**
 * zod schema of any Kubernetes object's envelope: a `metadata` object (see `objectMetaSchema`);
 * `apiVersion`, `kind` and every other field pass through unvalidated. Extend it to type a kind.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { kubeObjectSchema } from '@rxkube/core';
 * const podSchema = z.looseObject({ ...kubeObjectSchema.shape, spec: z.looseObject({ nodeName: z.string().optional() }) });
 * ```
 */
export const kubeObjectSchema = z.looseObject({
  apiVersion: z.optional(z.string()),
  kind: z.optional(z.string()),
  metadata: objectMetaSchema,
});
