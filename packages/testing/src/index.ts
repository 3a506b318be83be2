// The public entry point of @rxkube/testing, grouped by topic.

// The server

export type { CatchUpOptions } from './catch-up-options.js';
export type { FakeApiReplica } from './fake-api-replica.js';
export { FakeApiServer } from './fake-api-server.js';
export type { FakeApiServerOptions } from './fake-api-server-options.js';
export { type KubernetesVersion, kubernetesVersions } from './kubernetes-version.js';
export type { ReplicaRouting } from './replica-routing.js';
export type { RestartOptions } from './restart-options.js';
export type { WaitForOptions } from './wait-for-options.js';

// Objects and resources

export type { FakeObject } from './fake-object.js';
export type { FakeObjectName } from './fake-object-name.js';
export type { FakePrinterColumn } from './fake-printer-column.js';
export type { FakeResourceDefinition } from './fake-resource-definition.js';
export type { FakeResourceRef } from './fake-resource-ref.js';

// Access: credentials and CORS

export type { BearerToken } from './bearer-token.js';
export type { ClientCertificate } from './client-certificate.js';
export type { CorsOptions } from './cors-options.js';

// Faults

export type { ChunkingOptions } from './chunking-options.js';
export type { DestroyWatchesOptions } from './destroy-watches-options.js';
export type { EmptyWatchesOptions } from './empty-watches-options.js';
export type { FailNextOptions } from './fail-next-options.js';
export { FakeApiError } from './fake-api-error.js';
export type { FakeApiServerFaults } from './fake-api-server-faults.js';
export type { FakeApiStatus } from './fake-api-status.js';
export type { HtmlErrorOptions } from './html-error-options.js';
export type { PersistentFault } from './persistent-fault.js';
export type { PersistentFaultOptions } from './persistent-fault-options.js';
export type { RequestEnder } from './request-ender.js';
export type { StallWatchesOptions } from './stall-watches-options.js';
export type { ThrottleOptions } from './throttle-options.js';
export type { WatchErrorOptions } from './watch-error-options.js';

// The request log

export { classifyRequest } from './classify-request.js';
export type { Impersonation } from './impersonation.js';
export type { RequestKind } from './request-kind.js';
export type { RequestRecord } from './request-record.js';

// Test helpers

export { realisticPod } from './realistic-pod.js';
export type { RealisticPodOptions } from './realistic-pod-options.js';
export { seededRandom } from './seeded-random.js';
