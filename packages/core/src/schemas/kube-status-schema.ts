import * as z from 'zod/mini';

/**
 * zod schema of the API server's `Status` (failed requests and ERROR watch events). Unknown fields
 * are kept.
 *
 * @example
 * ```ts
 * import { kubeStatusSchema } from '@rxkube/core/transport';
 * const body = '{"kind":"Status","status":"Failure","reason":"NotFound","code":404}';
 * const status = kubeStatusSchema.safeParse(JSON.parse(body));
 * if (status.success) console.log(status.data.reason);
 * ```
 */
export const kubeStatusSchema = z.looseObject({
  kind: z.literal('Status'),
  apiVersion: z.optional(z.string()),
  metadata: z.optional(
    z.looseObject({ continue: z.optional(z.string()), resourceVersion: z.optional(z.string()) }),
  ),
  status: z.optional(z.string()),
  message: z.optional(z.string()),
  reason: z.optional(z.string()),
  code: z.optional(z.number()),
  details: z.optional(
    z.looseObject({
      name: z.optional(z.string()),
      group: z.optional(z.string()),
      kind: z.optional(z.string()),
      uid: z.optional(z.string()),
      retryAfterSeconds: z.optional(z.number()),
      causes: z.optional(
        z.array(
          z.looseObject({
            reason: z.optional(z.string()),
            message: z.optional(z.string()),
            field: z.optional(z.string()),
          }),
        ),
      ),
    }),
  ),
});
