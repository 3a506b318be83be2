import type { KnownDifference } from '../../src/known-difference.js';

/**
 * How FakeApiServer (configured as kube-apiserver 1.20: `kubernetesVersion: '1.20'`, watch cache
 * on, too-old watches as an ERROR event) still differs from the real kube-apiserver 1.20, per
 * fidelity case. Each id is a section of ../../FIDELITY.md. The fidelity test fails when a
 * difference appears that is not listed here, and when a listed one no longer occurs (the fake
 * was fixed: delete the entry and its FIDELITY.md section).
 *
 * None is left: every field the cases compare agrees (FIDELITY.md lists what the comparison
 * sorts or buckets first, and what it does not compare).
 */
export const knownDifferences: Readonly<Record<string, readonly KnownDifference[]>> = {};
