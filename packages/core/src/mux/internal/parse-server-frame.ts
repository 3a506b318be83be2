import type { MuxServerFrame } from '../mux-server-frame.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A server frame from a text message, or `undefined` when it is not one (never throws). */
export function parseServerFrame(text: unknown): MuxServerFrame | undefined {
  if (typeof text !== 'string') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !Number.isSafeInteger(value.id)) return undefined;
  const id = value.id as number;
  switch (value.t) {
    case 'head': {
      if (!Number.isInteger(value.status) || !isRecord(value.headers)) return undefined;
      const headers: Record<string, string> = {};
      for (const [name, header] of Object.entries(value.headers)) {
        if (typeof header === 'string') headers[name.toLowerCase()] = header;
      }
      const status = value.status as number;
      return value.windowed === true
        ? { t: 'head', id, status, headers, windowed: true }
        : { t: 'head', id, status, headers };
    }
    case 'data':
      return typeof value.data === 'string' ? { t: 'data', id, data: value.data } : undefined;
    case 'end':
      return { t: 'end', id };
    case 'error':
      if (typeof value.message !== 'string') return undefined;
      return value.kind === 'encoding'
        ? { t: 'error', id, message: value.message, kind: 'encoding' }
        : { t: 'error', id, message: value.message };
    default:
      return undefined;
  }
}
