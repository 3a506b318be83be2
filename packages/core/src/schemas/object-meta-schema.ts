import * as z from 'zod/mini';
import { objectMetaShape } from './internal/shapes.js';

/**
 * zod schema of `metadata`: validates the fields rxkube reads (`name`, `generateName`,
 * `namespace`, `uid`, `resourceVersion`, all optional strings) and keeps every other field as it
 * came (a loose object), so labels, annotations, owner references and fields of future API
 * versions pass through untouched.
 *
 * @example
 * ```ts
 * import { objectMetaSchema } from '@rxkube/core';
 * objectMetaSchema.parse({ name: 'web-0', labels: { app: 'web' } }); // labels kept
 * ```
 */
export const objectMetaSchema = z.looseObject(objectMetaShape);
