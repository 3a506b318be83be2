import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  DecodeError,
  errorFromResponse,
  errorFromStatus,
  HttpStatusError,
  type KubeStatus,
  ResourceVersionExpiredError,
  ResourceVersionTooLargeError,
  TooManyRequestsError,
} from '../../src/index.js';

const status = (fields: Partial<KubeStatus>): KubeStatus => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  ...fields,
});

describe('errorFromStatus', () => {
  const table: [
    string,
    KubeStatus | undefined,
    number,
    abstract new (...args: never[]) => Error,
    boolean,
  ][] = [
    [
      '410 Expired',
      status({ reason: 'Expired', code: 410, message: 'too old resource version: 1 (95)' }),
      410,
      ResourceVersionExpiredError,
      false,
    ],
    [
      '410 with the legacy reason Gone',
      status({ reason: 'Gone', code: 410 }),
      410,
      ResourceVersionExpiredError,
      false,
    ],
    [
      'an ERROR event with reason Expired and no HTTP code',
      status({ reason: 'Expired' }),
      0,
      ResourceVersionExpiredError,
      false,
    ],
    ['409 Conflict', status({ reason: 'Conflict', code: 409 }), 409, ConflictError, false],
    [
      '429 TooManyRequests',
      status({ reason: 'TooManyRequests', code: 429 }),
      429,
      TooManyRequestsError,
      true,
    ],
    [
      '504 with cause ResourceVersionTooLarge',
      status({
        reason: 'Timeout',
        code: 504,
        details: {
          causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
          retryAfterSeconds: 1,
        },
      }),
      504,
      ResourceVersionTooLargeError,
      true,
    ],
    [
      '504 of a server before 1.19, whose cause has only the message',
      status({
        reason: 'Timeout',
        code: 504,
        message: 'Timeout: Too large resource version: 12, current: 10',
        details: { causes: [{ message: 'Too large resource version' }], retryAfterSeconds: 1 },
      }),
      504,
      ResourceVersionTooLargeError,
      true,
    ],
    [
      '504 without that cause',
      status({ reason: 'Timeout', code: 504 }),
      504,
      HttpStatusError,
      true,
    ],
    [
      '500 InternalError',
      status({ reason: 'InternalError', code: 500 }),
      500,
      HttpStatusError,
      true,
    ],
    ['403 Forbidden', status({ reason: 'Forbidden', code: 403 }), 403, HttpStatusError, false],
    ['422 Invalid', status({ reason: 'Invalid', code: 422 }), 422, HttpStatusError, false],
    ['a bare 503 without a Status', undefined, 503, HttpStatusError, true],
  ];

  it.each(table)(
    'maps %s to the right class and retryability',
    (_name, body, code, type, retryable) => {
      const error = errorFromStatus(body, code);
      expect(error).toBeInstanceOf(type);
      expect(error.retryable).toBe(retryable);
      expect(error.status).toBe(body);
    },
  );

  it('keeps the server message and the code', () => {
    const error = errorFromStatus(
      status({ reason: 'Expired', code: 410, message: 'too old resource version: 1 (95)' }),
      410,
    );
    expect(error.message).toBe('too old resource version: 1 (95)');
    expect(error.code).toBe(410);
  });

  it('reads retryAfterMs from the Retry-After header', () => {
    expect(errorFromStatus(undefined, 429, { 'retry-after': '3' }).retryAfterMs).toBe(3000);
    expect(
      errorFromStatus(undefined, 429, (name) => (name === 'retry-after' ? '2' : undefined))
        .retryAfterMs,
    ).toBe(2000);
  });

  it('reads retryAfterMs from details.retryAfterSeconds when there is no header', () => {
    const error = errorFromStatus(status({ code: 429, details: { retryAfterSeconds: 5 } }), 429);
    expect(error.retryAfterMs).toBe(5000);
  });

  it('never quotes headers in the message', () => {
    const error = errorFromStatus(undefined, 401, {
      authorization: 'Bearer secret-token',
      'retry-after': '1',
    });
    expect(error.message).not.toContain('secret-token');
  });
});

describe('errorFromResponse', () => {
  const html = `<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n<center><h1>502 Bad Gateway</h1></center>\n${'<p>padding</p>\n'.repeat(500)}</body></html>`;

  it('turns an HTML 502 page from a proxy into a retryable HttpStatusError with a short excerpt', () => {
    const error = errorFromResponse(502, html);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.retryable).toBe(true);
    expect(error.code).toBe(502);
    expect(error.message).toContain('502 Bad Gateway');
    expect(error.message.length).toBeLessThan(400);
    expect(error.cause).toBeInstanceOf(DecodeError);
    expect((error.cause as DecodeError).kind).toBe('not-json');
  });

  it('turns an HTML page with status 200 into DecodeError not-json', () => {
    const error = errorFromResponse(200, '<!doctype html><title>Sign in</title>');
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).kind).toBe('not-json');
    expect((error as DecodeError).excerpt).toContain('Sign in');
  });

  it('reads a JSON Status body', () => {
    const body = JSON.stringify(
      status({
        reason: 'Expired',
        code: 410,
        message: 'The resourceVersion for the provided list is too old.',
      }),
    );
    const error = errorFromResponse(410, body);
    expect(error).toBeInstanceOf(ResourceVersionExpiredError);
    expect(error.message).toBe('The resourceVersion for the provided list is too old.');
  });

  it('keeps Retry-After for a 429 whose body is not JSON', () => {
    const error = errorFromResponse(429, 'slow down', { 'retry-after': '7' });
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect(error.retryAfterMs).toBe(7000);
  });

  it('names an empty body', () => {
    expect(errorFromResponse(503, '').message).toContain('empty body');
  });
});
