import { STATUS_CODES } from 'node:http';
import type { CorsOptions } from '../../access/cors-options.js';
import { FakeApiError } from '../../fake-api-error.js';
import type { RequestKind } from '../../requests/request-kind.js';
import { DEFAULTS } from '../defaults.js';
import type { Authenticator } from '../http/auth.js';
import { applyCors } from '../http/cors.js';
import { rejectByFlowControl } from '../http/flow-control-rejection.js';
import { type HostPolicy, hostRefusal } from '../http/host-check.js';
import type { HttpContext } from '../http/http-context.js';
import { impersonationOf } from '../http/impersonation-of.js';
import { mediaTypeRefusal } from '../http/media-type-check.js';
import { requestKindOf } from '../http/request-kind-of.js';
import { type Route, resolveRoute } from '../http/route.js';
import { servedBy } from '../http/served-by.js';
import type { ServerEnv } from '../http/server-env.js';
import { handleList } from '../reads/list-handler.js';
import { parseListOptions } from '../reads/list-options.js';
import * as status from '../status.js';
import { tableContext } from '../tables/table-context.js';
import { tableRequest } from '../tables/table-request.js';
import { handleWatch } from '../watch/watch-handler.js';
import { handlePatch } from '../writes/handle-patch.js';
import { apiGroupDocument, apiGroupList, apiResourceList, apiVersions } from './discovery.js';
import {
  handleCreate,
  handleDelete,
  handleDeleteCollection,
  handleGet,
  handleUpdate,
} from './object-handlers.js';

const TRUE_VALUES = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);

function classify(route: Route, method: string, query: URLSearchParams): RequestKind {
  switch (route.kind) {
    case 'api-versions':
    case 'api-groups':
    case 'api-group':
    case 'api-resources':
    case 'version':
      return 'discovery';
    case 'resource': {
      const watch = route.watchPath || TRUE_VALUES.has(query.get('watch') ?? '');
      return requestKindOf({ method, collection: route.name === undefined, watch });
    }
    default:
      return 'other';
  }
}

function methodNotAllowed(): FakeApiError {
  return new FakeApiError(
    status.failure(
      405,
      'MethodNotAllowed',
      'the server does not allow this method on the requested resource',
      {},
    ),
  );
}

function htmlPage(code: number): string {
  const title = `${code} ${STATUS_CODES[code] ?? 'Error'}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

function injectedFailure(code: 500 | 503 | 429, retryAfterSeconds: number | undefined) {
  switch (code) {
    case 500:
      return { status: status.internalError('injected fault'), headers: {} };
    case 503:
      return {
        status: status.serviceUnavailable(),
        headers: retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {},
      };
    case 429: {
      const seconds = retryAfterSeconds ?? DEFAULTS.tooManyRequestsRetryAfterSeconds;
      return {
        status: status.tooManyRequests(seconds),
        headers: { 'Retry-After': String(seconds) },
      };
    }
  }
}

async function dispatch(ctx: HttpContext, env: ServerEnv, route: Route): Promise<void> {
  const { cluster } = env;
  const method = ctx.req.method ?? 'GET';
  if (route.kind !== 'resource' && method !== 'GET') throw methodNotAllowed();
  switch (route.kind) {
    case 'api-versions':
      return ctx.json(200, apiVersions(cluster, env.address()));
    case 'api-groups':
      return ctx.json(200, apiGroupList(cluster));
    case 'api-group':
      return ctx.json(200, apiGroupDocument(cluster, route.group));
    case 'api-resources':
      return ctx.json(200, apiResourceList(cluster, route.group, route.version));
    case 'version':
      return ctx.json(200, env.options.profile.info);
    case 'health':
      return ctx.text(200, 'ok');
    case 'no-such-resource':
      throw new FakeApiError(status.resourceNotFound());
    case 'not-found':
      return ctx.text(404, '404 page not found\n');
    case 'resource':
      break;
  }
  const { type, namespace, name, subresource } = route;
  // A deprecated version: every answer warns (k8s.io/apiserver pkg/endpoints/filters/warning.go,
  // `299 - "<text>"`, one header per warning).
  if (type.warningHeaders.length > 0) ctx.res.setHeader('Warning', type.warningHeaders);
  const collectionAllowed = !type.namespaced || namespace !== undefined;
  switch (method) {
    case 'GET': {
      const options = parseListOptions(ctx.query, type, route.watchPath, env.options.watchList);
      const asTable = subresource === undefined ? tableRequest(ctx.req, ctx.query) : undefined;
      const out =
        asTable === undefined ? ctx : tableContext(ctx, type, asTable, env.options.profile);
      if (name !== undefined && !options.watch) {
        return handleGet(out, env, { type, namespace, name, subresource });
      }
      const scoped =
        name === undefined
          ? options
          : {
              ...options,
              unfiltered: false,
              fieldSelector: [
                ...options.fieldSelector,
                { field: 'metadata.name', op: 'eq' as const, value: name },
              ],
            };
      return options.watch
        ? handleWatch(out, env, { type, namespace }, scoped)
        : handleList(out, env, { type, namespace }, scoped);
    }
    case 'POST':
      if (name !== undefined || !collectionAllowed) throw methodNotAllowed();
      return handleCreate(ctx, env, { type, namespace });
    case 'PUT':
      if (name === undefined) throw methodNotAllowed();
      return handleUpdate(ctx, env, { type, namespace, name, subresource });
    case 'PATCH':
      if (name === undefined) throw methodNotAllowed();
      return handlePatch(ctx, env, { type, namespace, name, subresource });
    case 'DELETE':
      if (name !== undefined) return handleDelete(ctx, env, { type, namespace, name });
      if (!collectionAllowed) throw methodNotAllowed();
      return handleDeleteCollection(
        ctx,
        env,
        { type, namespace },
        parseListOptions(ctx.query, type, false, env.options.watchList),
      );
    default:
      throw methodNotAllowed();
  }
}

/**
 * Serves one request: CORS, the HTML fault page (a proxy answers before the API server),
 * authentication, injected failures, then the API itself. Every failure is a Status.
 */
export async function handleRequest(
  ctx: HttpContext,
  env: ServerEnv,
  auth: Authenticator,
  cors: CorsOptions | undefined,
  hosts: HostPolicy = { allowedHosts: [], listenHost: '127.0.0.1' },
): Promise<void> {
  try {
    if (cors && applyCors(ctx.req, ctx.res, cors) === 'preflight') {
      ctx.head(204, {});
      ctx.res.end();
      return;
    }
    const route = resolveRoute(env.cluster, ctx.url.pathname);
    const kind = classify(route, ctx.req.method ?? 'GET', ctx.query);
    ctx.setKind(
      kind,
      route.kind === 'resource' ? `${route.type.apiVersion}/${route.type.resource}` : undefined,
    );
    ctx.logOnce();
    const misdirected = hostRefusal(ctx.req, hosts);
    if (misdirected) throw new FakeApiError(misdirected);
    const html = env.faults.takeHtml();
    if (html !== undefined) return ctx.text(html, htmlPage(html), 'text/html');
    const who = auth.authenticate(ctx.req);
    if (!who.ok) throw new FakeApiError(status.unauthorized());
    const undecodable = mediaTypeRefusal(ctx.req);
    if (undecodable) throw new FakeApiError(undecodable);
    if (who.user !== undefined) ctx.record.user = who.user;
    const impersonation = impersonationOf(ctx.req);
    if (impersonation !== undefined) ctx.record.impersonation = impersonation;
    // API Priority and Fairness classifies the (impersonated) user before authorization.
    if (env.faults.takeThrottle(kind)) return rejectByFlowControl(ctx, env);
    const failure = env.faults.takeFailure(kind);
    if (failure) {
      const { status: s, headers } = injectedFailure(failure.status, failure.retryAfterSeconds);
      return ctx.status(s, headers);
    }
    await dispatch(ctx, servedBy(env, ctx), route);
  } catch (error) {
    ctx.fail(error);
  }
}
