import { z } from 'zod';

/**
 * zod schema of the API server's `Status` (failed requests and ERROR watch events). Unknown fields
 * are kept.
 *
 * @example
 * ```ts
 * import { kubeStatusSchema } from '@rxkube/core';
 * const status = kubeStatusSchema.safeParse(JSON.parse(body));
 * if (status.success) console.log(status.data.reason);
 * ```
 */
export const kubeStatusSchema = z.looseObject({
  kind: z.literal('Status'),
  apiVersion: z.string().optional(),
  metadata: z
    .looseObject({ continue: z.string().optional(), resourceVersion: z.string().optional() })
    .optional(),
  status: z.string().optional(),
  message: z.string().optional(),
  reason: z.string().optional(),
  code: z.number().optional(),
  details: z
    .looseObject({
      name: z.string().optional(),
      group: z.string().optional(),
      kind: z.string().optional(),
      uid: z.string().optional(),
      retryAfterSeconds: z.number().optional(),
      causes: z
        .array(
          z.looseObject({
            reason: z.string().optional(),
            message: z.string().optional(),
            field: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});
