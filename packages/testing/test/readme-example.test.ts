// The controller example of README.md, kept runnable.

import { expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';

async function mirror(baseUrl: string, signal: AbortSignal): Promise<void> {
  const path = `${baseUrl}/api/v1/namespaces/default/configmaps`;
  const response = await fetch(`${path}?watch=true`, { signal });
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of response.body!) {
    buffered += decoder.decode(chunk, { stream: true });
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const event = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      const { name } = event.object.metadata;
      if (event.type !== 'ADDED' || name.endsWith('-copy')) continue;
      await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ metadata: { name: `${name}-copy` }, data: event.object.data }),
        signal,
      });
    }
  }
}

it('copies every ConfigMap', async () => {
  const configMaps = { version: 'v1', resource: 'configmaps', namespace: 'default' };
  const server = await FakeApiServer.start();
  const stop = new AbortController();
  const running = mirror(server.url, stop.signal).catch(() => undefined);
  await server.waitFor(() => server.openWatches === 1);

  server.create(configMaps, { metadata: { name: 'settings' }, data: { replicas: '3' } });

  await server.waitFor(() => server.get(configMaps, { name: 'settings-copy' }) !== undefined);
  expect(server.get(configMaps, { name: 'settings-copy' })?.data).toEqual({ replicas: '3' });
  expect(server.count('watch')).toBe(1);
  expect(server.count('create')).toBe(1);

  stop.abort();
  await running;
  await server.waitFor(() => server.openWatches === 0);
  await server.close();
});
