// @vitest-environment node
import type { FakeApiServer } from '@rxkube/testing';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCollection, useObject } from '../src/index.js';
import { type Pod, pod, podsRef, providing, registryOf, startServer } from './support/fixtures.js';

let server: FakeApiServer;

beforeEach(async () => {
  server = await startServer(pod('a', 'p1'));
});

afterEach(async () => {
  await server.close();
});

function Pods() {
  const pods = useCollection<Pod>(podsRef);
  const p1 = useObject<Pod>({ ...podsRef, namespace: 'a' }, 'p1');
  const count = useCollection<Pod, number>(podsRef, { select: (items) => items.size });
  return (
    <p>
      {`${pods.health.status}: ${pods.items.size} pods, synced ${pods.synced}; `}
      {`p1 ${p1.object === undefined ? 'unknown' : 'known'} (${p1.health.status}); ${count.data}`}
    </p>
  );
}

describe('server rendering', () => {
  it('renders the listing state and requests nothing', async () => {
    const registry = registryOf(server);
    const Providing = providing(registry);
    const html = renderToString(
      <Providing>
        <Pods />
      </Providing>,
    );
    expect(html).toBe('<p>listing: 0 pods, synced false; <!-- -->p1 unknown (listing); 0</p>');
    // No lease was taken, so nothing can have been requested, now or later.
    expect(registry.keys()).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});
