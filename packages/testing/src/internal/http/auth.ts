import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { BearerToken } from '../../access/bearer-token.js';

/** Who made a request: `user` when authenticated, `anonymous` when credentials were absent. */
export type AuthResult = { readonly ok: true; readonly user?: string } | { readonly ok: false };

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Authenticates requests as kube-apiserver does: a client certificate signed by the CA (CN is
 * the user), else a bearer token; a wrong token is refused even when anonymous access is allowed.
 */
export class Authenticator {
  // Private with #: secrets never show up in util.inspect or JSON.
  #tokens: readonly { token: string; user: string }[] = [];

  constructor(
    tokens: readonly BearerToken[] | undefined,
    private readonly anonymous: boolean,
  ) {
    this.setTokens(tokens ?? []);
  }

  setTokens(tokens: readonly BearerToken[]): void {
    this.#tokens = tokens.map((t, i) =>
      typeof t === 'string' ? { token: t, user: `token-user-${i}` } : t,
    );
  }

  authenticate(req: IncomingMessage): AuthResult {
    const socket = req.socket as Partial<TLSSocket>;
    if (socket.authorized && typeof socket.getPeerCertificate === 'function') {
      const cn = socket.getPeerCertificate().subject?.CN;
      const [user] = Array.isArray(cn) ? cn : [cn];
      if (user) return { ok: true, user };
    }
    const header = req.headers.authorization;
    if (header !== undefined) {
      const match = /^Bearer\s+(.+)$/i.exec(header.trim());
      const presented = match?.[1]?.trim();
      const found = presented && this.#tokens.find((t) => sameSecret(t.token, presented));
      return found ? { ok: true, user: found.user } : { ok: false };
    }
    return this.anonymous ? { ok: true } : { ok: false };
  }
}
