import type { HttpContext } from './http-context.js';
import type { CollectionTarget, ObjectTarget } from './route.js';
import type { ServerEnv } from './server-env.js';

/**
 * Serves a request for one object (GET, PUT, PATCH, DELETE; POST names only its collection):
 * every such handler's shape.
 */
export type ObjectHandler<T extends CollectionTarget = ObjectTarget> = (
  ctx: HttpContext,
  env: ServerEnv,
  target: T,
) => void | Promise<void>;
