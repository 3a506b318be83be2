import type { Pod } from '@rxkube/example-shared';
import { createClient } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  annotateCrashLoop,
  CRASH_LOOP_ANNOTATION,
  CRASH_LOOP_FIELD_MANAGER,
} from '../src/crash-loop-annotation.js';
import { pod } from './support.js';

const PODS = { version: 'v1', resource: 'pods' };
const WEB_0 = { namespace: 'shop', name: 'web-0' };

let server: FakeApiServer;
let client: ReturnType<typeof createClient>;
beforeEach(async () => {
  server = await FakeApiServer.start();
  client = createClient({ baseUrl: server.url });
});
afterEach(async () => {
  await client.transport.destroy();
  await server.close();
});

describe('annotateCrashLoop', () => {
  it('sets the annotation through server-side apply, and clears only it on recovery', async () => {
    const stored = server.create(PODS, {
      ...pod('web-0', 'crashing', 3),
      metadata: { ...pod('web-0', 'crashing').metadata, annotations: { team: 'shop' } },
    }) as Pod;
    const entered = {
      type: 'entered',
      key: 'shop/web-0',
      pod: stored,
      containers: ['app'],
      restarts: 3,
    } as const;
    expect(await annotateCrashLoop(client, entered)).toBe(`annotated ${CRASH_LOOP_ANNOTATION}=app`);
    const annotated = server.get<Pod>(PODS, WEB_0);
    expect(annotated?.metadata?.annotations).toEqual({
      team: 'shop',
      [CRASH_LOOP_ANNOTATION]: 'app',
    });
    expect(annotated?.metadata?.managedFields).toContainEqual(
      expect.objectContaining({ manager: CRASH_LOOP_FIELD_MANAGER, operation: 'Apply' }),
    );
    expect(server.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      query: { fieldManager: CRASH_LOOP_FIELD_MANAGER },
      status: 200,
    });

    const recovered = { type: 'recovered', key: 'shop/web-0', pod: annotated! } as const;
    expect(await annotateCrashLoop(client, recovered)).toBe(`cleared ${CRASH_LOOP_ANNOTATION}`);
    expect(server.get<Pod>(PODS, WEB_0)?.metadata?.annotations).toEqual({ team: 'shop' });
  });
});
