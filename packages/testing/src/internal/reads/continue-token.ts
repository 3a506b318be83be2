import {
  GoJsonNumber,
  type GoJsonValue,
  goJsonKind,
  goJsonSyntaxError,
  parseValidGoJson,
} from '../json/go-json.js';
import type { VersionCodec } from '../store/versions.js';

/** Where a paginated list continues: at which version, from which key (relative to the list). */
export interface ContinueToken {
  /** The list's version, or -1: continue from the current state (an inconsistent continuation). */
  readonly revision: number;
  /** Inclusive start key, relative to the list's prefix (`<last key>\u0000`). */
  readonly start: string;
}

const TOKEN_VERSION = 'meta.k8s.io/v1';
const INVALID = 'continue key is not valid';
/** How Go names the token's type and its fields in decoding errors. */
const TOKEN_TYPE = 'etcd3.continueToken';
const TOKEN_STRUCT = 'continueToken';
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

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

function base64UrlValue(c: number): number {
  if (c >= 0x41 && c <= 0x5a) return c - 0x41;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61 + 26;
  if (c >= 0x30 && c <= 0x39) return c - 0x30 + 52;
  if (c === 0x2d) return 62;
  if (c === 0x5f) return 63;
  return -1;
}

/**
 * Go's unpadded base64url decoding (`base64.RawURLEncoding`): the bytes, or the offset Go
 * reports as "illegal base64 data at input byte N" (a byte outside the alphabet, or a lone
 * character in the last quantum). Line breaks are skipped, as Go skips them.
 */
function decodeRawUrlBase64(input: Uint8Array): Uint8Array | number {
  const sextets: number[] = [];
  for (const [at, c] of input.entries()) {
    const value = base64UrlValue(c);
    if (value >= 0) sextets.push(value);
    else if (c !== 0x0a && c !== 0x0d) return at;
  }
  // One character alone in the last quantum is corrupt: Go reports it at `si - j`, the last offset.
  if (sextets.length % 4 === 1) return input.length - 1;
  const out: number[] = [];
  for (let i = 0; i + 1 < sextets.length; i += 4) {
    const [a, b, c = 0, d = 0] = sextets.slice(i, i + 4) as [number, number, number?, number?];
    const bits = (a << 18) | (b << 12) | (c << 6) | d;
    out.push((bits >> 16) & 0xff);
    if (i + 2 < sextets.length) out.push((bits >> 8) & 0xff);
    if (i + 3 < sextets.length) out.push(bits & 0xff);
  }
  return Uint8Array.from(out);
}

/** Go's `path.Clean` of a rooted path. */
function cleanRooted(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** The token's fields as Go decodes them into its struct, or Go's complaint. */
function decodeFields(
  value: GoJsonValue,
  opaque: boolean,
): { v: string; rv: string | bigint; start: string } | string {
  const fields = { v: '', rv: 0n as string | bigint, start: '' };
  if (value === null) return fields;
  if (typeof value !== 'object' || value instanceof GoJsonNumber || Array.isArray(value)) {
    return `json: cannot unmarshal ${goJsonKind(value)} into Go value of type ${TOKEN_TYPE}`;
  }
  let error: string | undefined;
  const mismatch = (what: string, field: string, type: string) => {
    error ??= `json: cannot unmarshal ${what} into Go struct field ${TOKEN_STRUCT}.${field} of type ${type}`;
  };
  for (const [key, item] of Object.entries(value)) {
    // Go matches field names without regard to case.
    const field = key.toLowerCase();
    if (field !== 'v' && field !== 'rv' && field !== 'start') continue;
    if (item === null) continue;
    if (field === 'rv') {
      if (typeof item === 'string' && opaque) fields.rv = item;
      else if (!(item instanceof GoJsonNumber)) mismatch(goJsonKind(item), field, 'int64');
      else if (!/^-?[0-9]+$/.test(item.literal)) mismatch(`number ${item.literal}`, field, 'int64');
      else {
        const n = BigInt(item.literal);
        if (n < INT64_MIN || n > INT64_MAX) mismatch(`number ${item.literal}`, field, 'int64');
        else fields.rv = n;
      }
    } else if (typeof item === 'string') fields[field] = item;
    else mismatch(goJsonKind(item), field, 'string');
  }
  return error ?? fields;
}

/**
 * Decodes a token, or returns why it is not valid in kube-apiserver's words (Go's base64 and
 * JSON decoders' messages included). With `opaque` versions, `rv` may be a rendered version.
 */
export function decodeContinue(
  text: string,
  codec: VersionCodec,
  opaque = false,
): ContinueToken | string {
  const bytes = decodeRawUrlBase64(Buffer.from(text, 'utf8'));
  if (typeof bytes === 'number') return `${INVALID}: illegal base64 data at input byte ${bytes}`;
  const syntax = goJsonSyntaxError(bytes);
  if (syntax !== undefined) return `${INVALID}: ${syntax}`;
  const fields = decodeFields(parseValidGoJson(new TextDecoder().decode(bytes)), opaque);
  if (typeof fields === 'string') return `${INVALID}: ${fields}`;
  if (fields.v !== TOKEN_VERSION) {
    return `${INVALID}: server does not recognize this encoded version ${JSON.stringify(fields.v)}`;
  }
  const revision =
    typeof fields.rv === 'string'
      ? codec.parse(fields.rv)
      : fields.rv < 0n
        ? -1
        : Number(fields.rv);
  if (revision === undefined || revision === 0) {
    return `${INVALID}: incorrect encoded start resourceVersion (version ${TOKEN_VERSION})`;
  }
  if (fields.start === '') {
    return `${INVALID}: encoded start key empty (version ${TOKEN_VERSION})`;
  }
  // A start key that leaves the list's prefix (`..`) is refused; a leading `/` is the prefix's.
  const key = fields.start.startsWith('/') ? fields.start : `/${fields.start}`;
  const cleaned = cleanRooted(key);
  if (cleaned !== key) return `${INVALID}: ${fields.start}`;
  return { revision, start: cleaned.slice(1) };
}
