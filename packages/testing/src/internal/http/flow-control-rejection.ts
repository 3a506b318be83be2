import { DEFAULTS } from '../defaults.js';
import type { HttpContext } from './http-context.js';
import type { ServerEnv } from './server-env.js';

/** What `http.Error` writes for APF's rejection (maxinflight.go `tooManyRequests`). */
const BODY = 'Too many requests, please try again later.\n';

/**
 * Answers a request API Priority and Fairness rejects (`faults.throttle`), as the version does
 * (k8s.io/apiserver pkg/server/filters/priority-and-fairness.go): 429, `text/plain`, the body
 * Go's `http.Error` writes, `Retry-After` (1 before 1.28, then dropped_requests_tracker.go's), and
 * from 1.21 the flow schema's and priority level's UIDs (`setResponseHeaders` on the rejected
 * path; header names as Go writes them).
 */
export function rejectByFlowControl(ctx: HttpContext, env: ServerEnv): void {
  const { profile } = env.options;
  const { faults } = env;
  const retryAfter = profile.dynamicRetryAfter
    ? faults.droppedRequests.reject()
    : DEFAULTS.tooManyRequestsRetryAfterSeconds;
  ctx.text(429, BODY, 'text/plain; charset=utf-8', {
    'X-Content-Type-Options': 'nosniff',
    'Retry-After': String(retryAfter),
    ...(profile.flowControlHeadersOnReject
      ? {
          'X-Kubernetes-Pf-Flowschema-Uid': faults.flowSchemaUid,
          'X-Kubernetes-Pf-Prioritylevel-Uid': faults.priorityLevelUid,
        }
      : {}),
  });
}
