import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { call } from './support/http.js';

const EVENTS = '/api/v1/namespaces/default/events';
const event = (name: string, namespace?: string) => ({
  metadata: { name },
  involvedObject: {
    kind: 'Pod',
    name: 'web-0',
    apiVersion: 'v1',
    ...(namespace ? { namespace } : {}),
  },
  reason: 'Seen',
  message: 'seen once',
  type: 'Warning',
  count: 1,
  firstTimestamp: '2026-01-01T00:00:00Z',
  lastTimestamp: '2026-01-01T00:00:00Z',
  source: { component: 'my-controller' },
});

// Answers of kube-apiserver 1.20.2 (fixtures/apiserver-captures/writes/writes-events.json).
describe('core/v1 Events', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
  });
  afterEach(() => server.close());

  it('stores an Event as 1.20 serializes it and raises count with a patch', async () => {
    const created = await call(server, EVENTS, { method: 'POST', body: event('e', 'default') });
    expect(created.status).toBe(201);
    const { metadata: _m, kind: _k, apiVersion: _a, ...fields } = created.body;
    expect(Object.keys(fields)).toEqual([
      'involvedObject',
      'reason',
      'message',
      'source',
      'firstTimestamp',
      'lastTimestamp',
      'count',
      'type',
      'eventTime',
      'reportingComponent',
      'reportingInstance',
    ]);
    expect([fields.eventTime, fields.reportingComponent]).toEqual([null, '']);
    const counted = await call(server, `${EVENTS}/e`, {
      method: 'PATCH',
      contentType: 'application/strategic-merge-patch+json',
      body: { count: 2, lastTimestamp: '2026-01-01T00:00:05Z' },
    });
    expect([counted.body.count, counted.body.firstTimestamp]).toEqual([2, '2026-01-01T00:00:00Z']);
    const listed = await call(
      server,
      `${EVENTS}?fieldSelector=involvedObject.name=web-0,reason=Seen`,
    );
    expect(listed.body.items.map((e: { count: number }) => e.count)).toEqual([2]);
  });

  it('refuses an involved object in another namespace with 422, as 1.20', async () => {
    const missing = await call(server, EVENTS, { method: 'POST', body: event('e') });
    expect([missing.status, missing.body.message]).toEqual([
      422,
      'Event "e" is invalid: involvedObject.namespace: Invalid value: "": does not match event.namespace',
    ]);
    const other = await call(server, EVENTS, { method: 'POST', body: event('e', 'other') });
    expect(other.body.details).toEqual({
      name: 'e',
      kind: 'Event',
      causes: [
        {
          reason: 'FieldValueInvalid',
          message: 'Invalid value: "other": does not match event.namespace',
          field: 'involvedObject.namespace',
        },
      ],
    });
  });
});
