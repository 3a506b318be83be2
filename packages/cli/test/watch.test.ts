import type { FakeApiServer } from '@rxkube/testing';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { RxkubeProcess } from './support/rxkube-process.js';
import { configMapsRef, podsRef, runningPod, seededServer } from './support/seed-cluster.js';

let server: FakeApiServer;

beforeAll(async () => {
  server = await seededServer();
});
afterAll(() => server.close());

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

describe.concurrent('rxkube get -w', () => {
  it('streams every change as one ndjson line {type,key,object}, and exits 130 on Ctrl-C', async () => {
    const ns = 'ndjson';
    server.create(configMapsRef, { metadata: { name: 'first', namespace: ns }, data: { v: '1' } });
    const watch = new RxkubeProcess([
      'get',
      'cm',
      '-n',
      ns,
      '-w',
      '-o',
      'ndjson',
      `--server=${server.url}`,
    ]);
    await watch.waitForStdout((out) => lines(out).length === 1);
    const [first] = lines(watch.stdout);
    assert.isDefined(first);
    expect(JSON.parse(first)).toMatchObject({
      type: 'added',
      key: `${ns}/first`,
      object: { kind: 'ConfigMap', apiVersion: 'v1', data: { v: '1' } },
    });

    server.patch(configMapsRef, { namespace: ns, name: 'first' }, { data: { v: '2' } });
    server.create(configMapsRef, { metadata: { name: 'second', namespace: ns } });
    server.remove(configMapsRef, { namespace: ns, name: 'first' });
    await watch.waitForStdout((out) => lines(out).length === 4);
    const events = lines(watch.stdout).map((line) => JSON.parse(line));
    expect(events.map((e) => `${e.type} ${e.key}`)).toEqual([
      `added ${ns}/first`,
      `modified ${ns}/first`,
      `added ${ns}/second`,
      `deleted ${ns}/first`,
    ]);
    expect(events[1].object.data).toEqual({ v: '2' });

    watch.kill('SIGINT');
    const { code, stderr } = await watch.exited;
    expect(code).toBe(130);
    expect(stderr).toBe('');
    await server.waitFor(() => server.openWatches === 0, { timeoutMs: 5_000 });
  });

  it('appends one table row per change when stdout is not a terminal', async () => {
    const ns = 'lines';
    server.create(podsRef, runningPod(ns, 'web-0'));
    const watch = new RxkubeProcess(['get', 'pods', '-n', ns, '-w', `--server=${server.url}`]);
    await watch.waitForStdout((out) => lines(out).length === 2);
    expect(lines(watch.stdout)[0]).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(lines(watch.stdout)[1]).toMatch(/^web-0\s+1\/1\s+Running\s+0\s+\d+s$/);

    server.patch(
      podsRef,
      { namespace: ns, name: 'web-0' },
      {
        status: {
          containerStatuses: [
            {
              name: 'app',
              ready: false,
              restartCount: 1,
              state: { waiting: { reason: 'CrashLoopBackOff' } },
            },
          ],
        },
      },
    );
    await watch.waitForStdout((out) => lines(out).length === 3);
    expect(lines(watch.stdout)[2]).toMatch(/^web-0\s+0\/1\s+CrashLoopBackOff\s+1\s+\d+s$/);
    watch.kill('SIGINT');
    expect((await watch.exited).code).toBe(130);
  });
});
