/**
 * What the `schema` option of `list$` and `watch$` needs: a `safeParse`, as every zod schema has.
 * It validates (and types) each object; a failure becomes an `InvalidObjectError` naming the
 * object's key.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { kubeObjectSchema, type ObjectSchema } from '@rxkube/core';
 * const podSchema = z.looseObject({ ...kubeObjectSchema.shape, spec: z.looseObject({ nodeName: z.string().optional() }) });
 * const schema: ObjectSchema<z.infer<typeof podSchema>> = podSchema;
 * ```
 */
export interface ObjectSchema<T> {
  /** Validates `value`: the typed object on success, the issues on failure. Must not throw. */
  safeParse(
    value: unknown,
  ):
    | { readonly success: true; readonly data: T }
    | { readonly success: false; readonly error: { readonly issues: readonly unknown[] } };
}
