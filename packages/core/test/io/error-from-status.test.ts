import { describe, expect, it } from 'vitest';
import {
  AlreadyExistsError,
  ForbiddenError,
  NotFoundError,
  ResourceVersionExpiredError,
  ResourceVersionTooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../src/errors/index.js';
import { ConflictError, DecodeError, HttpStatusError, InvalidError } from '../../src/index.js';
import {
  errorFromResponse,
  errorFromStatus,
  ioDefaults,
  type KubeStatus,
} from '../../src/transport/index.js';

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
    // Credentials are refreshed and replaced: a collection backs off and tries again.
    [
      '401 Unauthorized',
      status({ reason: 'Unauthorized', code: 401 }),
      401,
      UnauthorizedError,
      true,
    ],
    // A proxy or load balancer that gave up waiting.
    ['a bare 408 without a Status', undefined, 408, HttpStatusError, true],
    ['408 with a Status', status({ reason: 'Timeout', code: 408 }), 408, HttpStatusError, true],
    ['403 Forbidden', status({ reason: 'Forbidden', code: 403 }), 403, ForbiddenError, false],
    ['404 NotFound', status({ reason: 'NotFound', code: 404 }), 404, NotFoundError, false],
    ['a bare 404 without a Status', undefined, 404, NotFoundError, false],
    [
      '409 AlreadyExists',
      status({ reason: 'AlreadyExists', code: 409 }),
      409,
      AlreadyExistsError,
      false,
    ],
    ['422 Invalid', status({ reason: 'Invalid', code: 422 }), 422, InvalidError, false],
    ['400 BadRequest', status({ reason: 'BadRequest', code: 400 }), 400, HttpStatusError, false],
    [
      '415 UnsupportedMediaType',
      status({ reason: 'UnsupportedMediaType', code: 415 }),
      415,
      HttpStatusError,
      false,
    ],
    ['a bare 503 without a Status', undefined, 503, HttpStatusError, true],
  ];

  it.each(table)(
    'maps %s to the right class and retryability',
    (_name, body, code, type, retryable) => {
      const error = errorFromStatus(body, { httpCode: code });
      expect(error).toBeInstanceOf(type);
      expect(error.retryable).toBe(retryable);
      expect(error.status).toBe(body);
    },
  );

  it('keeps every reason distinct, so callers can switch on it', () => {
    const reasons = [401, 403, 404, 422, 400, 500].map(
      (code) => errorFromStatus(undefined, { httpCode: code }).reason,
    );
    expect(reasons).toEqual([
      'Unauthorized',
      'Forbidden',
      'NotFound',
      'Invalid',
      'HttpStatus',
      'HttpStatus',
    ]);
    expect(
      errorFromStatus(status({ reason: 'AlreadyExists', code: 409 }), { httpCode: 409 }).reason,
    ).toBe('AlreadyExists');
    expect(
      errorFromStatus(status({ reason: 'Conflict', code: 409 }), { httpCode: 409 }).reason,
    ).toBe('Conflict');
  });

  it('gives an InvalidError the Status causes, field by field', () => {
    const causes = [
      { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers' },
      { reason: 'FieldValueInvalid', message: 'Invalid value: "A"', field: 'metadata.name' },
    ];
    const error = errorFromStatus(status({ reason: 'Invalid', code: 422, details: { causes } }), {
      httpCode: 422,
    });
    expect(error).toBeInstanceOf(InvalidError);
    expect((error as InvalidError).causes).toEqual(causes);
    expect((errorFromStatus(undefined, { httpCode: 422 }) as InvalidError).causes).toEqual([]);
  });

  it('names the fields and managers of a server-side apply conflict', () => {
    const error = errorFromStatus(
      status({
        reason: 'Conflict',
        code: 409,
        message:
          'Apply failed with 2 conflicts: conflict with "kubectl" using v1: .metadata.labels.a\nconflict with "other-ctl": .spec.replicas',
        details: {
          causes: [
            {
              reason: 'FieldManagerConflict',
              message: 'conflict with "kubectl" using v1',
              field: '.metadata.labels.a',
            },
            {
              reason: 'FieldManagerConflict',
              message: 'conflict with "other-ctl"',
              field: '.spec.replicas',
            },
          ],
        },
      }),
      { httpCode: 409 },
    ) as ConflictError;
    expect(error.reason).toBe('Conflict');
    expect(error.conflicts).toEqual([
      {
        field: '.metadata.labels.a',
        manager: 'kubectl',
        message: 'conflict with "kubectl" using v1',
      },
      { field: '.spec.replicas', manager: 'other-ctl', message: 'conflict with "other-ctl"' },
    ]);
  });

  it('reads only well-formed causes of a 409: holes, nulls and non-string fields give no crash', () => {
    const error = errorFromStatus(
      {
        details: {
          causes: [
            undefined,
            null,
            3,
            { reason: 'FieldManagerConflict', message: 5, field: ['x'] },
            { reason: 'FieldManagerConflict', message: 'conflict with "kubectl"', field: '.a' },
          ],
        },
      } as unknown as KubeStatus,
      { httpCode: 409 },
    ) as ConflictError;
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.conflicts).toEqual([
      { field: '', manager: '', message: '' },
      { field: '.a', manager: 'kubectl', message: 'conflict with "kubectl"' },
    ]);
  });

  it('gives a stale-version conflict no field conflicts', () => {
    const error = errorFromStatus(
      status({ reason: 'Conflict', code: 409, message: 'the object has been modified' }),
      { httpCode: 409 },
    ) as ConflictError;
    expect(error.conflicts).toEqual([]);
  });

  it('keeps the server message and the code', () => {
    const error = errorFromStatus(
      status({ reason: 'Expired', code: 410, message: 'too old resource version: 1 (95)' }),
      { httpCode: 410 },
    );
    expect(error.message).toBe('too old resource version: 1 (95)');
    expect(error.code).toBe(410);
  });

  it('reads retryAfterMs from the Retry-After header', () => {
    expect(
      errorFromStatus(undefined, { httpCode: 429, headers: { 'retry-after': '3' } }).retryAfterMs,
    ).toBe(3000);
    expect(
      errorFromStatus(undefined, {
        httpCode: 429,
        headers: (name) => (name === 'retry-after' ? '2' : undefined),
      }).retryAfterMs,
    ).toBe(2000);
  });

  it('reads retryAfterMs from details.retryAfterSeconds when there is no header', () => {
    const error = errorFromStatus(status({ code: 429, details: { retryAfterSeconds: 5 } }), {
      httpCode: 429,
    });
    expect(error.retryAfterMs).toBe(5000);
  });

  it('honours a Retry-After or retryAfterSeconds of any size for at most ioDefaults.maxRetryAfterMs', () => {
    const cap = ioDefaults.maxRetryAfterMs;
    expect(cap).toBe(300_000);
    expect(
      errorFromStatus(undefined, { httpCode: 429, headers: { 'retry-after': '4294968' } })
        .retryAfterMs,
    ).toBe(cap);
    expect(
      errorFromStatus(status({ code: 429, details: { retryAfterSeconds: 3_000_000 } }), {
        httpCode: 429,
      }).retryAfterMs,
    ).toBe(cap);
    expect(
      errorFromStatus(undefined, {
        httpCode: 503,
        headers: { 'retry-after': new Date(Date.now() + 86_400_000).toUTCString() },
      }).retryAfterMs,
    ).toBe(cap);
    expect(
      errorFromStatus(undefined, { httpCode: 429, headers: { 'retry-after': '299' } }).retryAfterMs,
    ).toBe(299_000);
  });

  it("takes the Status's own code when no HTTP status is given, as for a watch ERROR event", () => {
    const error = errorFromStatus(status({ reason: 'Expired', code: 410, message: 'too old' }));
    expect(error).toBeInstanceOf(ResourceVersionExpiredError);
    expect(error.code).toBe(410);
    expect(errorFromStatus(status({ code: 503 }), { httpCode: 429 }).reason).toBe(
      'TooManyRequests',
    );
    expect(errorFromStatus(undefined, { message: 'no Status' }).message).toBe('no Status');
  });

  it('never quotes headers in the message', () => {
    const error = errorFromStatus(undefined, {
      httpCode: 401,
      headers: { authorization: 'Bearer secret-token', 'retry-after': '1' },
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

  it.each([
    [
      302,
      '<html><body>Moved to <a href="/login">the login page</a></body></html>',
      HttpStatusError,
    ],
    [400, '<html><title>400 Bad Request</title></html>', HttpStatusError],
    [401, '<html><title>401 Authorization Required</title></html>', UnauthorizedError],
    [408, '<html><title>408 Request Timeout</title></html>', HttpStatusError],
    [400, '{"error":"bad gateway config"}', HttpStatusError],
  ] as const)(
    'takes an HTTP %s whose body is not a Status for an intermediary: retryable, without a status',
    (code, body, type) => {
      const error = errorFromResponse(code, body);
      expect(error).toBeInstanceOf(type);
      expect(error.retryable).toBe(true);
      expect(error.status).toBeUndefined();
      expect(error.code).toBe(code);
    },
  );

  it('keeps a plain-text 404 a NotFoundError that is not retried: the API server sends it too', () => {
    const error = errorFromResponse(404, '404 page not found\n');
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.retryable).toBe(false);
  });

  it("keeps the API server's own 400 permanent", () => {
    const error = errorFromResponse(
      400,
      JSON.stringify(status({ reason: 'BadRequest', code: 400, message: 'bad selector' })),
    );
    expect(error.retryable).toBe(false);
    expect(error.status).toBeDefined();
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
