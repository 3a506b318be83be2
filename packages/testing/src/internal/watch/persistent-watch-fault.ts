import type { HttpContext } from '../http/http-context.js';
import type { ServerEnv } from '../http/server-env.js';
import { tooLarge } from '../reads/list-handler.js';
import type { ListOptions } from '../reads/list-options.js';
import { watchLine } from '../store/store-event.js';

/**
 * Answers a watch hit by a persistent fault of `faults.persist` (one that resumes from an explicit
 * version at or before the fault's): returns whether it did. Throws the 504 of `tooLargeWatch`.
 */
export function answerPersistentWatchFault(
  ctx: HttpContext,
  env: ServerEnv,
  options: ListOptions,
  streamHeaders: Record<string, string>,
): boolean {
  const rv = options.resourceVersion;
  if (rv === undefined || rv === '0' || options.sendInitialEvents === true) return false;
  const revision = env.cluster.codec.parse(rv);
  if (revision === undefined) return false;
  const hit = env.faults.persistent.atWatchStart(revision);
  switch (hit?.fault) {
    case undefined:
      return false;
    case 'tooLargeWatch':
      throw tooLarge(env, rv);
    case 'emptyWatch':
      ctx.head(200, streamHeaders);
      ctx.res.end();
      return true;
    case 'nonStatusError':
      ctx.head(200, streamHeaders);
      ctx.res.end(watchLine('ERROR', JSON.stringify(hit.object)));
      return true;
  }
}
