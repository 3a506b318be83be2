/** Byte-level tests of the writes against a scripted server, shared by every transport. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { firstValueFrom, lastValueFrom, type Observable, toArray } from 'rxjs';
import { afterEach, assert, beforeEach, describe, expect, it } from 'vitest';
import {
  AlreadyExistsError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../src/errors/index.js';
import {
  apply$,
  ConflictError,
  create$,
  DecodeError,
  delete$,
  get$,
  HttpStatusError,
  InvalidError,
  type KubeClient,
  patch$,
  replace$,
} from '../../src/index.js';
import { type ScriptServer, startScriptServer, until } from './script-server.js';

const pods = { version: 'v1', resource: 'pods', namespace: 'default' } as const;
const nodes = { version: 'v1', resource: 'nodes' } as const;
const stored = (name: string, resourceVersion: string) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion },
});
const failure = (source: Observable<unknown>) =>
  lastValueFrom(source).then(
    () => {
      throw new Error('expected an error');
    },
    (error: unknown) => error,
  );

/** What the server received, body included. */
interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  accept: string | undefined;
  body: string;
}

/** Reads the whole body, then answers `status` with `answer` as JSON. */
function answer(received: Received[], status: number, body: unknown) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        accept: req.headers.accept,
        body: text,
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  };
}

/** The JSON body of the first request the server received. */
function firstBody(received: readonly Received[]): unknown {
  const [first] = received;
  assert(first, 'the server received a request');
  return JSON.parse(first.body);
}

const status = (code: number, reason: string, extra: Record<string, unknown> = {}) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: `${reason} says the server`,
  reason,
  code,
  ...extra,
});

/** A client under test, and how to release it after each test. */
export interface WriteClientUnderTest {
  readonly client: KubeClient;
  close?(): Promise<void>;
}

/** Runs the byte-level write tests over the client that `connect` builds for a server's URL. */
export function describeWrites(
  label: string,
  connect: (url: string) => WriteClientUnderTest,
): void {
  let server: ScriptServer;
  let client: KubeClient;
  let connection: WriteClientUnderTest;
  let received: Received[];
  beforeEach(async () => {
    server = await startScriptServer();
    connection = connect(server.url);
    client = connection.client;
    received = [];
  });
  afterEach(async () => {
    await connection.close?.();
    await server.close();
  });

  describe(`writes (${label})`, () => {
    it('get$ sends GET to the object path and emits the object once, then completes', async () => {
      server.script(answer(received, 200, stored('web-0', '7')));
      const emitted = await lastValueFrom(get$(client, pods, 'web-0').pipe(toArray()));
      expect(emitted).toEqual([stored('web-0', '7')]);
      expect(received).toEqual([
        {
          method: 'GET',
          url: '/api/v1/namespaces/default/pods/web-0',
          contentType: undefined,
          accept: 'application/json',
          body: '',
        },
      ]);
    });

    it('get$ with metadataOnly asks for PartialObjectMetadata in Accept', async () => {
      const partial = {
        apiVersion: 'meta.k8s.io/v1',
        kind: 'PartialObjectMetadata',
        metadata: stored('a', '1').metadata,
      };
      server.script(answer(received, 200, partial));
      expect(await firstValueFrom(get$(client, pods, 'a', { metadataOnly: true }))).toEqual(
        partial,
      );
      expect(received[0]).toHaveProperty(
        'accept',
        'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json',
      );
    });

    it('get$ with metadataOnly keeps only the metadata when the server sends the whole object', async () => {
      server.script(answer(received, 200, { ...stored('a', '1'), spec: { nodeName: 'n1' } }));
      expect(await firstValueFrom(get$(client, pods, 'a', { metadataOnly: true }))).toEqual({
        apiVersion: 'meta.k8s.io/v1',
        kind: 'PartialObjectMetadata',
        metadata: stored('a', '1').metadata,
      });
    });

    it('create$ POSTs the object as JSON to the collection, with fieldManager and dryRun', async () => {
      server.script(answer(received, 201, stored('web-0', '8')));
      const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0' } };
      const created = await firstValueFrom(
        create$(client, pods, pod, { fieldManager: 'my-ctl', dryRun: true }),
      );
      expect(created).toEqual(stored('web-0', '8'));
      expect(received[0]).toMatchObject({
        method: 'POST',
        url: '/api/v1/namespaces/default/pods?dryRun=All&fieldManager=my-ctl',
        contentType: 'application/json',
      });
      expect(firstBody(received)).toEqual(pod);
    });

    it('create$ into a namespace taken from the object when the ref has none', async () => {
      server.script(answer(received, 201, stored('web-0', '8')));
      await firstValueFrom(
        create$(client, { version: 'v1', resource: 'pods' }, stored('web-0', '1')),
      );
      expect(received[0]).toHaveProperty('url', '/api/v1/namespaces/default/pods');
    });

    it('replace$ PUTs to the object path, status subresource included', async () => {
      server.script(answer(received, 200, stored('web-0', '9')));
      await firstValueFrom(replace$(client, pods, stored('web-0', '8'), { subresource: 'status' }));
      expect(received[0]).toMatchObject({
        method: 'PUT',
        url: '/api/v1/namespaces/default/pods/web-0/status',
        contentType: 'application/json',
      });
      expect(firstBody(received)).toMatchObject({ metadata: { resourceVersion: '8' } });
    });

    it.each([
      ['merge', 'application/merge-patch+json'],
      ['json', 'application/json-patch+json'],
      ['strategic', 'application/strategic-merge-patch+json'],
    ] as const)('patch$ type %s sends Content-Type %s', async (type, contentType) => {
      server.script(answer(received, 200, stored('web-0', '9')));
      const body =
        type === 'json'
          ? [{ op: 'add', path: '/metadata/labels', value: { a: 'b' } }]
          : { metadata: { labels: { a: 'b' } } };
      await firstValueFrom(patch$(client, pods, 'web-0', body, { type }));
      expect(received[0]).toMatchObject({
        method: 'PATCH',
        url: '/api/v1/namespaces/default/pods/web-0',
        contentType,
      });
      expect(firstBody(received)).toEqual(body);
    });

    it('patch$ is a merge patch by default', async () => {
      server.script(answer(received, 200, stored('web-0', '9')));
      await firstValueFrom(patch$(client, pods, 'web-0', { metadata: { labels: { a: 'b' } } }));
      expect(received[0]).toHaveProperty('contentType', 'application/merge-patch+json');
    });

    it('apply$ PATCHes with application/apply-patch+yaml, a JSON body, fieldManager and force', async () => {
      server.script(answer(received, 200, stored('web-0', '9')));
      const desired = {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'web-0', labels: { a: 'b' } },
      };
      await firstValueFrom(apply$(client, pods, desired, { fieldManager: 'my-ctl', force: true }));
      expect(received[0]).toMatchObject({
        method: 'PATCH',
        url: '/api/v1/namespaces/default/pods/web-0?fieldManager=my-ctl&force=true',
        contentType: 'application/apply-patch+yaml',
      });
      expect(firstBody(received)).toEqual(desired);
    });

    it('apply$ without force leaves force out', async () => {
      server.script(answer(received, 200, stored('web-0', '9')));
      await firstValueFrom(
        apply$(client, pods, stored('web-0', '1'), { fieldManager: 'my-ctl', force: false }),
      );
      expect(received[0]).toHaveProperty(
        'url',
        '/api/v1/namespaces/default/pods/web-0?fieldManager=my-ctl',
      );
    });

    it('delete$ sends DeleteOptions with preconditions, propagationPolicy, grace period and dryRun', async () => {
      const success = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' };
      server.script(answer(received, 200, success));
      const answerOf = await firstValueFrom(
        delete$(client, nodes, 'n1', {
          preconditions: { uid: 'u1', resourceVersion: '5' },
          propagationPolicy: 'Foreground',
          gracePeriodSeconds: 0,
          dryRun: true,
        }),
      );
      expect(answerOf).toEqual(success);
      expect(received[0]).toMatchObject({
        method: 'DELETE',
        url: '/api/v1/nodes/n1',
        contentType: 'application/json',
      });
      expect(firstBody(received)).toEqual({
        kind: 'DeleteOptions',
        apiVersion: 'v1',
        preconditions: { uid: 'u1', resourceVersion: '5' },
        propagationPolicy: 'Foreground',
        gracePeriodSeconds: 0,
        dryRun: ['All'],
      });
    });

    it.each([
      [401, 'Unauthorized', UnauthorizedError],
      [403, 'Forbidden', ForbiddenError],
      [404, 'NotFound', NotFoundError],
      [409, 'AlreadyExists', AlreadyExistsError],
      [409, 'Conflict', ConflictError],
      [415, 'UnsupportedMediaType', HttpStatusError],
    ] as const)('turns %i %s into its typed error', async (code, reason, type) => {
      server.script(answer(received, code, status(code, reason)));
      const error = await failure(create$(client, pods, stored('web-0', '1')));
      expect(error).toBeInstanceOf(type);
      expect(error).toMatchObject({ code, message: `${reason} says the server` });
    });

    it('turns 422 into an InvalidError carrying the Status causes', async () => {
      const causes = [
        { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers' },
      ];
      server.script(answer(received, 422, status(422, 'Invalid', { details: { causes } })));
      const error = (await failure(create$(client, pods, stored('web-0', '1')))) as InvalidError;
      expect(error).toBeInstanceOf(InvalidError);
      expect(error.reason).toBe('Invalid');
      expect(error.causes).toEqual(causes);
    });

    it('names the fields and managers of an apply conflict', async () => {
      const details = {
        causes: [
          {
            reason: 'FieldManagerConflict',
            message: 'conflict with "kubectl" using v1',
            field: '.metadata.labels.a',
          },
        ],
      };
      server.script(answer(received, 409, status(409, 'Conflict', { details })));
      const error = (await failure(
        apply$(client, pods, stored('web-0', '1'), { fieldManager: 'my-ctl' }),
      )) as ConflictError;
      expect(error.reason).toBe('Conflict');
      expect(error.conflicts).toEqual([
        {
          field: '.metadata.labels.a',
          manager: 'kubectl',
          message: 'conflict with "kubectl" using v1',
        },
      ]);
    });

    it('errors with DecodeError when a 2xx body is not a JSON object', async () => {
      server.script(answer(received, 200, [1, 2]));
      expect(await failure(get$(client, pods, 'web-0'))).toBeInstanceOf(DecodeError);
    });

    it('errors with InvalidError before sending anything when the object has no name', async () => {
      const error = (await failure(replace$(client, pods, { metadata: {} }))) as InvalidError;
      expect(error).toBeInstanceOf(InvalidError);
      expect(error.causes).toEqual([
        { reason: 'FieldValueRequired', message: 'Required value', field: 'metadata.name' },
      ]);
      expect(server.requests).toEqual([]);
    });

    it('is cold: nothing is sent before subscribing, and each subscription sends again', async () => {
      server.script(answer(received, 200, stored('web-0', '7')));
      const get = get$(client, pods, 'web-0');
      expect(server.requests).toHaveLength(0);
      await firstValueFrom(get);
      await firstValueFrom(get);
      expect(server.requests).toHaveLength(2);
    });

    it('aborts the request and frees the connection when unsubscribed', async () => {
      server.script(() => {
        // never answers
      });
      const subscription = replace$(client, pods, stored('web-0', '1')).subscribe({
        error: (error: unknown) => {
          throw error;
        },
      });
      await until(() => server.openSockets() === 1);
      subscription.unsubscribe();
      await until(() => server.openSockets() === 0);
    });
  });
}
