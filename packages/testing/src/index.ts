// The public entry point of @rxkube/testing, grouped by topic.

// The server

export { FakeApiServer } from './fake-api-server.js';
export type { FakeApiServerOptions } from './fake-api-server-options.js';
export { type KubernetesVersion, kubernetesVersions } from './kubernetes-version.js';
export type { CatchUpOptions } from './replicas/catch-up-options.js';
export type { FakeApiReplica } from './replicas/fake-api-replica.js';
export type { ReplicaRouting } from './replicas/replica-routing.js';
export type { RestartOptions } from './replicas/restart-options.js';
export type { WaitForOptions } from './wait-for-options.js';

// Objects and resources

export type { FakeObject } from './objects/fake-object.js';
export type { FakeObjectName } from './objects/fake-object-name.js';
export type { FakePrinterColumn } from './objects/fake-printer-column.js';
export type { FakeResourceDefinition } from './objects/fake-resource-definition.js';
export type { FakeResourceRef } from './objects/fake-resource-ref.js';

// Access: credentials and CORS

export type { BearerToken } from './access/bearer-token.js';
export type { ClientCertificate } from './access/client-certificate.js';
export type { CorsOptions } from './access/cors-options.js';

// Faults

export { FakeApiError } from './fake-api-error.js';
export type { FakeApiStatus } from './fake-api-status.js';
export type { ChunkingOptions } from './faults/chunking-options.js';
export type { DestroyWatchesOptions } from './faults/destroy-watches-options.js';
export type { EmptyWatchesOptions } from './faults/empty-watches-options.js';
export type { FailNextOptions } from './faults/fail-next-options.js';
export type { FakeApiServerFaults } from './faults/fake-api-server-faults.js';
export type { HtmlErrorOptions } from './faults/html-error-options.js';
export type { PersistentFault } from './faults/persistent-fault.js';
export type { PersistentFaultOptions } from './faults/persistent-fault-options.js';
export type { RequestEnder } from './faults/request-ender.js';
export type { StallWatchesOptions } from './faults/stall-watches-options.js';
export type { ThrottleOptions } from './faults/throttle-options.js';
export type { WatchErrorOptions } from './faults/watch-error-options.js';

// The request log

export { classifyRequest } from './requests/classify-request.js';
export type { Impersonation } from './requests/impersonation.js';
export type { RequestKind } from './requests/request-kind.js';
export type { RequestRecord } from './requests/request-record.js';

// Test helpers

export { realisticPod } from './helpers/realistic-pod.js';
export type { RealisticPodOptions } from './helpers/realistic-pod-options.js';
export { seededRandom } from './helpers/seeded-random.js';
