import type { IncomingMessage } from 'node:http';
import type { FakeApiStatus } from '../../fake-api-status.js';
import { unsupportedMediaType } from '../status.js';

/** What kube-apiserver 1.20 decodes a create, update or delete body from. */
const DECODABLE = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];

/**
 * A 415 Status for a POST, PUT or DELETE whose body has a media type kube-apiserver cannot
 * decode (`text/plain`, a form): captured in `create_text_plain_415.json`. Such bodies are what
 * a cross-site page can send without a CORS preflight, so refusing them keeps a page from
 * creating objects. A body without `Content-Type` is read as JSON and a DELETE without a body is
 * not checked, as by kube-apiserver. PATCH has its own list of patch types.
 */
export function mediaTypeRefusal(req: IncomingMessage): FakeApiStatus | undefined {
  const method = req.method ?? 'GET';
  if (method !== 'POST' && method !== 'PUT' && method !== 'DELETE') return undefined;
  const [mediaType = ''] = (req.headers['content-type'] ?? '').split(';');
  const type = mediaType.trim().toLowerCase();
  if (type === '' || DECODABLE.includes(type)) return undefined;
  const length = req.headers['content-length'];
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (method === 'DELETE' && !hasBody) return undefined;
  return unsupportedMediaType(DECODABLE);
}
