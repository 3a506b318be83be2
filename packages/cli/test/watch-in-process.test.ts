import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessRun } from './support/in-process.js';
import { configMapsRef } from './support/seed-cluster.js';
import { ServerOutage } from './support/server-outage.js';

let server: FakeApiServer;

beforeAll(async () => {
  server = await FakeApiServer.start();
});
afterAll(() => server.close());

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

describe('rxkube get -w, run in-process', () => {
  it('prefixes each row with its EVENT with --output-watch-events', async () => {
    const ns = 'events';
    server.create(configMapsRef, { metadata: { name: 'a', namespace: ns } });
    const watch = new InProcessRun([
      'get',
      'configmaps',
      '-n',
      ns,
      '-w',
      '--output-watch-events',
      `--server=${server.url}`,
    ]);
    await watch.waitForStdout((out) => lines(out).length === 2);
    server.remove(configMapsRef, { namespace: ns, name: 'a' });
    await watch.waitForStdout((out) => lines(out).length === 3);
    expect(lines(watch.stdout).map((line) => line.split(/\s+/).slice(0, 2))).toEqual([
      ['EVENT', 'NAME'],
      ['ADDED', 'a'],
      ['DELETED', 'a'],
    ]);
    watch.interrupt();
    expect((await watch.exited).code).toBe(130);
  });

  it('streams yaml documents separated by ---', async () => {
    const ns = 'yaml';
    server.create(configMapsRef, { metadata: { name: 'a', namespace: ns } });
    const watch = new InProcessRun([
      'get',
      'cm',
      '-n',
      ns,
      '-w',
      '-o',
      'yaml',
      `--server=${server.url}`,
    ]);
    await watch.waitForStdout((out) => out.includes('name: a'));
    server.create(configMapsRef, { metadata: { name: 'b', namespace: ns } });
    await watch.waitForStdout((out) => out.includes('name: b'));
    // As kubectl: the objects themselves, `---` between them (not before the first).
    expect(watch.stdout).toMatch(/^apiVersion: v1\nkind: ConfigMap\nmetadata:\n/);
    expect(watch.stdout.split('---\n')).toHaveLength(2);
    watch.interrupt();
    expect((await watch.exited).code).toBe(130);
  });

  it('reports a reconnect on stderr and keeps streaming after the watch drops', async () => {
    // Its own server: the faults below hit every watch of a server.
    const own = await FakeApiServer.start();
    const ns = 'drops';
    const watch = new InProcessRun([
      'get',
      'cm',
      '-n',
      ns,
      '-w',
      '-o',
      'ndjson',
      `--server=${own.url}`,
    ]);
    await own.waitFor(() => own.openWatches === 1, { timeoutMs: 10_000 });
    own.faults.failNext({ kind: 'watch', count: 1, status: 500 });
    own.faults.endWatches();
    own.create(configMapsRef, { metadata: { name: 'after', namespace: ns } });
    await watch.waitForStdout((out) => out.includes(`"key":"${ns}/after"`));
    watch.interrupt();
    const { code, stderr } = await watch.exited;
    expect(code).toBe(130);
    expect(stderr).toMatch(/^rxkube: reconnecting \(attempt 1, in \d+ ms\) after /m);
    expect(stderr).toMatch(/^rxkube: reconnecting \(attempt \d, in \d+ ms\) after HttpStatus: /m);
    expect(stderr).toMatch(/^rxkube: watch is live$/m);
    await own.waitFor(() => own.openWatches === 0, { timeoutMs: 5_000 });
    await own.close();
  });

  it("is live again within 5 s of a restarted server's return, each reconnect 2 s away at most", async () => {
    const ns = 'restart';
    server.create(configMapsRef, { metadata: { name: 'before', namespace: ns } });
    const gate = await ServerOutage.start(server.url);
    const watch = new InProcessRun(['get', 'cm', '-n', ns, '-w', `--server=${gate.url}`]);
    try {
      await watch.waitForStdout((out) => out.includes('before'));
      // Down for six seconds: with the collection's own backoff (30 s cap) the attempt after the
      // server's return was often ten seconds away.
      await gate.down();
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      server.create(configMapsRef, { metadata: { name: 'meanwhile', namespace: ns } });
      await gate.up();
      const back = performance.now();
      await watch.waitForStdout((out) => out.includes('meanwhile'), 10_000);
      expect(performance.now() - back).toBeLessThan(5_000);
      const delays = [...watch.stderr.matchAll(/reconnecting \(attempt \d+, in (\d+) ms\)/g)].map(
        (m) => Number(m[1]),
      );
      expect(delays.length).toBeGreaterThan(3);
      expect(Math.max(...delays)).toBeLessThanOrEqual(2_000);
      // Each thing said once: not `ECONNREFUSED connect ECONNREFUSED 127.0.0.1:…`.
      expect(watch.stderr).toContain('connect ECONNREFUSED');
      expect(watch.stderr).not.toMatch(/ECONNREFUSED connect ECONNREFUSED/);
    } finally {
      watch.interrupt();
      await watch.exited;
      await gate.down();
    }
  }, 30_000);

  it('ends with the typed error in one line when the resource cannot be watched', async () => {
    const denied = await FakeApiServer.start({ tokens: ['secret-token'] });
    const watch = new InProcessRun(['get', 'cm', '-w', `--server=${denied.url}`]);
    const { code, stderr } = await watch.exited;
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^error: /);
    expect(stderr).not.toContain('secret-token');
    await denied.close();
  });

  it('prints only what changes with --watch-only: the header with the first new row', async () => {
    const ns = 'watch-only';
    server.create(configMapsRef, { metadata: { name: 'before', namespace: ns } });
    const watch = new InProcessRun([
      'get',
      'cm',
      '-n',
      ns,
      '--watch-only',
      `--server=${server.url}`,
    ]);
    await server.waitFor(() =>
      server.requests.some((r) => r.kind === 'watch' && r.path.includes(ns)),
    );
    // As kubectl 1.32: nothing until something changes.
    expect(watch.stdout).toBe('');
    server.create(configMapsRef, { metadata: { name: 'after', namespace: ns } });
    await watch.waitForStdout((out) => lines(out).length === 2);
    expect(lines(watch.stdout).map((line) => line.split(/\s+/)[0])).toEqual(['NAME', 'after']);
    watch.interrupt();
    expect((await watch.exited).code).toBe(130);
  });

  it('pads as kubectl 1.32 does: EVENT eight wide, columns at least six, none narrowing', async () => {
    const ns = 'padding';
    server.create(configMapsRef, { metadata: { name: 'a', namespace: ns }, data: { x: '1' } });
    const watch = new InProcessRun([
      'get',
      'cm',
      '-n',
      ns,
      '-w',
      '--output-watch-events',
      '--no-headers',
      `--server=${server.url}`,
    ]);
    await watch.waitForStdout((out) => lines(out).length === 1);
    await server.waitFor(() => server.openWatches > 0);
    server.create(configMapsRef, { metadata: { name: 'a-longer-name', namespace: ns } });
    await watch.waitForStdout((out) => lines(out).length === 2);
    server.remove(configMapsRef, { namespace: ns, name: 'a' });
    await watch.waitForStdout((out) => lines(out).length === 3);
    // What kubectl 1.32.3 prints for the same changes (ages aside).
    expect(lines(watch.stdout).map((line) => line.replace(/\d+s$/, '<age>'))).toEqual([
      'ADDED      a     1     <age>',
      'ADDED      a-longer-name   0     <age>',
      'DELETED    a               1     <age>',
    ]);
    watch.interrupt();
    expect((await watch.exited).code).toBe(130);
  });

  it("shows the server's Table columns with -w (a config map's DATA), updated per change", async () => {
    const ns = 'table-watch';
    server.create(configMapsRef, { metadata: { name: 'a', namespace: ns }, data: { x: '1' } });
    const watch = new InProcessRun(['get', 'cm', '-n', ns, '-w', `--server=${server.url}`]);
    await watch.waitForStdout((out) => lines(out).length === 2);
    await server.waitFor(() => server.openWatches > 0);
    server.patch(configMapsRef, { namespace: ns, name: 'a' }, { data: { x: '1', y: '2' } });
    await watch.waitForStdout((out) => lines(out).length === 3);
    expect(lines(watch.stdout).map((line) => line.split(/\s+/).slice(0, 2))).toEqual([
      ['NAME', 'DATA'],
      ['a', '1'],
      ['a', '2'],
    ]);
    const watches = server.requests.filter((r) => r.kind === 'watch' && r.path.includes(ns));
    expect(watches.at(-1)?.query.includeObject).toBe('Object');
    watch.interrupt();
    expect((await watch.exited).code).toBe(130);
  });
});
