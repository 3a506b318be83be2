import * as z from 'zod/mini';
import { listMetaShape } from './internal/shapes.js';
import { kubeObjectSchema } from './kube-object-schema.js';

/**
 * zod schema of a LIST response: `metadata.resourceVersion` (required: without it the snapshot
 * cannot be watched from), `metadata.continue` and `metadata.remainingItemCount` when paginated,
 * and `items` (each a `kubeObjectSchema`; `null` is accepted for an empty list).
 *
 * @example
 * ```ts
 * import { listEnvelopeSchema } from '@rxkube/core/transport';
 * const body = '{"kind":"PodList","metadata":{"resourceVersion":"7"},"items":[]}';
 * const page = listEnvelopeSchema.parse(JSON.parse(body));
 * console.log(page.items?.length, page.metadata.continue);
 * ```
 */
export const listEnvelopeSchema = z.looseObject({
  kind: z.optional(z.string()),
  apiVersion: z.optional(z.string()),
  metadata: z.looseObject(listMetaShape),
  items: z.nullable(z.array(kubeObjectSchema)),
});
