import type { AuthProvider } from '@rxkube/core';

/**
 * An `Authorization` header that never changes (a kubeconfig `token`, or `username` and
 * `password`). The value lives only in this closure, so printing the provider shows nothing.
 */
export function staticHeaderAuth(header: string): AuthProvider {
  return { header: async () => header };
}
