// `@rxkube/core/transport`: the pieces a transport author needs (Node's undici transport, a
// proxy, a test double) and applications do not: the `Transport` contract, the fetch transport
// that `createFetchClient` is built on, and the helpers around them.

// The transport contract

export type { AuthProvider } from '../auth-provider.js';
export { type FetchTransportOptions, fetchTransport } from '../fetch/fetch-transport.js';
export type { HeaderSource } from '../header-source.js';
export type { KubeStatus } from '../kube-status.js';
export type {
  KubeRequest,
  KubeResponse,
  LineSink,
  ReadLinesOptions,
  ResponseBody,
  Transport,
} from '../transport.js';

// Requests: URLs, credentials, redaction

export { redactError } from '../redact-error.js';
export { redactUrl, redactUrls } from '../redact-url.js';
export { reportWarnings } from '../report-warnings.js';
export { requestUrl } from '../request-url.js';
export { resourcePath } from '../resource-ref.js';
export { asResourceVersion } from '../resource-version.js';
export { unsendableRequest } from '../unsendable-request.js';
export type { WarningHandler } from '../warning-handler.js';
export { withAuth } from '../with-auth.js';

// Responses: status codes and bodies to typed errors

export { errorFromResponse } from '../errors/error-from-response.js';
export { errorFromStatus } from '../errors/error-from-status.js';
export type { ErrorFromStatusOptions } from '../errors/error-from-status-options.js';

// Streaming: NDJSON decoding, and where a chunk's last whole UTF-8 character ends

export { decodeNdjson } from '../ndjson/decode-ndjson.js';
export { NdjsonDecoder, type NdjsonDecoderOptions } from '../ndjson/ndjson-decoder.js';
export { utf8WholeLength } from '../utf8-whole-length.js';

// Envelope schemas (zod)

export { kubeStatusSchema } from '../schemas/kube-status-schema.js';
export { listEnvelopeSchema } from '../schemas/list-envelope-schema.js';
export { watchEventEnvelopeSchema } from '../schemas/watch-event-envelope-schema.js';

// Snapshots: the persistent map behind every `CollectionState.items`

export { type MapDraft, PersistentMap } from '../collection/persistent-map.js';

// Limits and timeouts of requests and bodies, with their reasons

export { ioDefaults } from '../io-defaults.js';

// The multiplexing protocol of `rxkube proxy` (`rxkube.mux.v1`), for its server side

export type { MuxClientFrame } from '../mux/mux-client-frame.js';
export { muxProtocol } from '../mux/mux-protocol.js';
export type { MuxServerFrame } from '../mux/mux-server-frame.js';
