import type {
  AuthProvider,
  KubeRequest,
  KubeResponse,
  Transport,
  WarningHandler,
} from '@rxkube/core/transport';
import { reportWarnings, withAuth } from '@rxkube/core/transport';

/**
 * The layers both transports put around their own request: the server's `Warning` headers go to
 * `onWarning`, and `auth` adds credentials (refreshing them on a 401).
 */
export function outerTransport(
  request: (request: KubeRequest) => Promise<KubeResponse>,
  options: { readonly auth?: AuthProvider; readonly onWarning?: WarningHandler },
): Transport {
  const { onWarning } = options;
  const plain: Transport =
    onWarning === undefined
      ? { request }
      : {
          request: async (sent) => {
            const response = await request(sent);
            reportWarnings(response, sent, onWarning);
            return response;
          },
        };
  return options.auth === undefined ? plain : withAuth(plain, options.auth);
}
