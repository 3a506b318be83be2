/**
 * A bearer token the fake accepts: the token alone, or the token and the user it stands for
 * (recorded in the request log).
 *
 * @example
 * ```ts
 * import type { BearerToken } from '@rxkube/testing';
 * const tokens: BearerToken[] = ['t0ps3cret', { token: 'other', user: 'alice' }];
 * ```
 */
export type BearerToken = string | { readonly token: string; readonly user: string };
