import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessRun, runInProcess as rxkube } from './support/in-process.js';

const BIG = 1_200;
let server: FakeApiServer;

beforeAll(async () => {
  server = await FakeApiServer.start();
  server.bulkCreate(
    { version: 'v1', resource: 'configmaps' },
    Array.from({ length: BIG }, (_, i) => ({
      metadata: { name: `cm-${String(i).padStart(4, '0')}`, namespace: 'big' },
    })),
  );
});
afterAll(() => server.close());

describe('progress of a large list', () => {
  it('pages with --chunk-size, and reports nothing on stderr into a pipe', async () => {
    const { code, stdout, stderr } = await rxkube([
      'get',
      'cm',
      '-n',
      'big',
      '--chunk-size',
      '500',
      `--server=${server.url}`,
      '-o',
      'name',
    ]);
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n')).toHaveLength(BIG);
    // Into a pipe, `get` prints what kubectl prints: no progress lines (a terminal gets one).
    expect(stderr).toBe('');
    const lists = server.requests.filter((r) => r.kind === 'list' && r.path.includes('/big/'));
    expect(lists.map((r) => r.query.limit)).toContain('500');
  });

  it('is reported before a watch starts too', async () => {
    const watch = new InProcessRun([
      'get',
      'cm',
      '-n',
      'big',
      '-w',
      '-o',
      'ndjson',
      `--server=${server.url}`,
    ]);
    await watch.waitForStdout((out) => out.split('\n').length > BIG);
    watch.interrupt();
    const { code, stderr } = await watch.exited;
    expect(code).toBe(130);
    expect(stderr).toContain('page 3 · 1200 items');
  });

  it('is not shown for a list that fits in one page', async () => {
    const { stderr } = await rxkube([
      'get',
      'cm',
      '-n',
      'big',
      '--chunk-size',
      '0',
      `--server=${server.url}`,
      '-o',
      'name',
    ]);
    expect(stderr).toBe('');
  });
});
