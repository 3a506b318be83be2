import type { HttpContext } from './http-context.js';
import type { ServerEnv } from './server-env.js';

/** The request's environment with the replica routing chose (logged when there are several). */
export function servedBy(env: ServerEnv, ctx: HttpContext): ServerEnv {
  if (env.replicas.all.length === 1) return env;
  const replica = env.replicas.pick(ctx.record);
  ctx.record.replica = replica.index;
  return { ...env, replica };
}
