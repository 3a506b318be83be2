import type { VersionCodec } from './versions.js';

/** Where a paginated list continues: at which version, from which key (relative to the list). */
export interface ContinueToken {
  /** The list's version, or -1: continue from the current state (an inconsistent continuation). */
  readonly revision: number;
  /** Inclusive start key, relative to the list's prefix (`<last key>\u0000`). */
  readonly start: string;
}

const TOKEN_VERSION = 'meta.k8s.io/v1';
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Encodes a token as kube-apiserver does (unpadded base64url of
 * `{"v":"meta.k8s.io/v1","rv":N,"start":"key\u0000"}`); with opaque versions `rv` is the rendered
 * version, so the token leaks no ordering either.
 */
export function encodeContinue(token: ContinueToken, codec: VersionCodec, opaque: boolean): string {
  const rv = token.revision < 0 || !opaque ? token.revision : codec.render(token.revision);
  return Buffer.from(JSON.stringify({ v: TOKEN_VERSION, rv, start: token.start })).toString(
    'base64url',
  );
}

/** Decodes a token, or returns why it is not valid (kube-apiserver's wording). */
export function decodeContinue(text: string, codec: VersionCodec): ContinueToken | string {
  if (!BASE64URL.test(text)) return 'continue key is not valid: illegal base64 data';
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch (error) {
    return `continue key is not valid: ${(error as Error).message}`;
  }
  const { v, rv, start } = (parsed ?? {}) as { v?: unknown; rv?: unknown; start?: unknown };
  if (v !== TOKEN_VERSION) {
    return `continue key is not valid: server does not recognize this encoded version ${JSON.stringify(String(v ?? ''))}`;
  }
  const revision =
    typeof rv === 'number' ? rv : typeof rv === 'string' ? codec.parse(rv) : undefined;
  if (revision === undefined || revision === 0 || !Number.isInteger(revision)) {
    return 'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)';
  }
  if (typeof start !== 'string' || start === '') {
    return 'continue key is not valid: encoded start key empty (version meta.k8s.io/v1)';
  }
  if (start.startsWith('/') || start.split('/').includes('..')) {
    return 'continue key is not valid: path traversal attempt detected';
  }
  return { revision, start };
}
