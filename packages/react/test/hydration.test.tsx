import type { FakeApiServer } from '@rxkube/testing';
import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCollection } from '../src/index.js';
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
  return <p>{`${pods.health.status}: ${pods.items.size} pods`}</p>;
}

describe('hydration', () => {
  it('hydrates the server-rendered listing state without a mismatch, even next to a live collection', async () => {
    const Server = providing(registryOf(server));
    const html = renderToString(
      <Server>
        <Pods />
      </Server>,
    );
    expect(server.requests).toEqual([]);

    // In the browser, the collection is already live elsewhere on the page: hydration must
    // still render what the server rendered (listing), then show the live state.
    const Browser = providing(registryOf(server));
    render(<Pods />, { wrapper: Browser });
    await screen.findByText('live: 1 pods');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    render(<Pods />, {
      container,
      hydrate: true,
      wrapper: Browser,
      onRecoverableError: (error) => recoverable.push(error),
    });
    await waitFor(() => expect(container.textContent).toBe('live: 1 pods'));
    expect(recoverable).toEqual([]);
    expect(server.count('list')).toBe(1);
  });
});
