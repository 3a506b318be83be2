import type { IncomingMessage } from 'node:http';
import { FakeApiError } from '../../fake-api-error.js';
import { DEFAULTS } from '../defaults.js';
import * as status from '../status.js';

/** Reads a request body (up to kube-apiserver's limit) as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > DEFAULTS.maxRequestBodyBytes) {
      throw new FakeApiError(status.requestEntityTooLarge(DEFAULTS.maxRequestBodyBytes));
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON body, answering 400 the way kube-apiserver's decoder does. */
export function parseJsonBody(text: string, kind: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FakeApiError(
      status.badRequest(
        `the object provided is unrecognized (must be of type ${kind}): couldn't get version/kind; json parse error: ${(error as Error).message}`,
      ),
    );
  }
}
