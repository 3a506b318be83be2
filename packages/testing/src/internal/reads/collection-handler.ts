import type { HttpContext } from '../http/http-context.js';
import type { CollectionTarget } from '../http/route.js';
import type { ServerEnv } from '../http/server-env.js';
import type { ListOptions } from './list-options.js';

/** Serves a request for a collection (LIST, WATCH, DELETE of a collection): their one shape. */
export type CollectionHandler = (
  ctx: HttpContext,
  env: ServerEnv,
  target: CollectionTarget,
  options: ListOptions,
) => Promise<void>;
