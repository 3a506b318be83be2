import { proxyDefaults } from './proxy-defaults.js';

/** `rxkube help proxy`. */
export const PROXY_HELP = `Usage:
  rxkube proxy [flags]

Serves the API server on a local port, authenticated with the kubeconfig (as kubectl proxy),
and a WebSocket that carries many requests at once (rxkube.mux.v1 at <api-prefix>rxkube/mux/v1),
so a browser tab can keep dozens of watches live over one connection.

The proxy holds your credentials: whoever reaches it uses the cluster as you. As kubectl proxy
by default, requests must name localhost, 127.0.0.1 or [::1] as their host, and exec and attach
are refused (decided on the path as the API server reads it, %-escapes decoded). A page of
another origin, or another site's image, link or form, is refused unless its origin is listed
with --allow-origin, which also gives it CORS headers. Answers carry
"Content-Security-Policy: sandbox", so a page served from inside the cluster runs no script.

Examples:
  rxkube proxy                               serve on 127.0.0.1:${proxyDefaults.port}
  rxkube proxy --port=0                      any free port
  rxkube proxy --www=./dist --allow-origin=http://localhost:4200
  rxkube proxy --reject-methods='POST,PUT,PATCH,DELETE'   read-only

Flags:
  -p, --port <n>                port to serve on (default ${proxyDefaults.port}; 0: any free port)
      --address <ip>            address to serve on (default ${proxyDefaults.address}); any other
                                than loopback needs --accept-hosts, and warns
      --www <dir>               also serve the static files of this directory
  -P, --www-prefix <path>       where those files are served (default ${proxyDefaults.wwwPrefix})
      --api-prefix <path>       where the API is served (default ${proxyDefaults.apiPrefix})
      --allow-origin <origin>   a page origin allowed to use the proxy, with CORS (repeatable;
                                default: none, only the proxy's own pages and non-browsers)
      --accept-hosts <re,...>   hosts a request may name (default '${proxyDefaults.acceptHosts}')
      --accept-paths <re,...>   paths served (default '${proxyDefaults.acceptPaths}')
      --reject-paths <re,...>   paths refused, even if accepted
                                (default '${proxyDefaults.rejectPaths}')
      --reject-methods <re,...> methods refused (default '${proxyDefaults.rejectMethods}')
      --max-streams <n>         requests open at once in all (default ${proxyDefaults.maxStreams}, less
                                when the limit of open files is low)
      --max-streams-per-client <n>
                                requests open at once for one client, an address and a page
                                origin (default ${proxyDefaults.maxStreamsPerClient}, or a quarter of --max-streams
                                if that is less)
      --kubeconfig, --context, --cluster, --user, -s/--server, --token,
      --certificate-authority, --insecure-skip-tls-verify, --as, --as-group,
      --request-timeout         as for "rxkube get"

The filter flags are kubectl proxy's: regular expressions separated by commas, matched
anywhere unless anchored ('' means none).

Ctrl-C stops the proxy and exits 130.
`;
