/**
 * Every {@link KubernetesVersion}, oldest first: for tests that run on each.
 *
 * @example
 * ```ts
 * import { FakeApiServer, kubernetesVersions } from '@rxkube/testing';
 * for (const kubernetesVersion of kubernetesVersions) {
 *   const server = await FakeApiServer.start({ kubernetesVersion });
 *   await server.close();
 * }
 * ```
 */
export const kubernetesVersions = ['1.20', '1.29', '1.32', '1.33', '1.34'] as const;

/**
 * The kube-apiserver versions {@link FakeApiServer} can answer as (`kubernetesVersion`). `'1.20'`
 * is checked against a real kube-apiserver 1.20.2 by the fidelity suite; the others follow
 * upstream's source for that version (each behaviour names its source in `docs/fidelity.md`).
 *
 * @example
 * ```ts
 * import { FakeApiServer, type KubernetesVersion } from '@rxkube/testing';
 * const version: KubernetesVersion = '1.34';
 * const server = await FakeApiServer.start({ kubernetesVersion: version });
 * await server.close();
 * ```
 */
export type KubernetesVersion = (typeof kubernetesVersions)[number];
