// The first example of README.md, kept runnable.

import { afterEach, beforeEach, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';

const pods = { version: 'v1', resource: 'pods' };
let server: FakeApiServer;

beforeEach(async () => {
  server = await FakeApiServer.start();
});
afterEach(() => server.close());

it('lists the pods of a namespace', async () => {
  server.create(pods, {
    metadata: { name: 'web-0', namespace: 'default' },
    spec: { containers: [] },
  });

  const response = await fetch(`${server.url}/api/v1/namespaces/default/pods`);
  const list = (await response.json()) as { kind: string; items: { metadata: { name: string } }[] };

  expect(list.kind).toBe('PodList');
  expect(list.items.map((pod) => pod.metadata.name)).toEqual(['web-0']);
  expect(server.count('list')).toBe(1);
});
