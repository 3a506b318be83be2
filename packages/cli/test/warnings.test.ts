import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warningPrinter } from '../src/internal/print/warning-printer.js';
import { runInProcess } from './support/in-process.js';

const widgets = (version: string) => ({ group: 'example.com', version, resource: 'widgets' });
const request = { method: 'GET', path: '/p' };

describe("the server's warnings, printed as kubectl prints them", () => {
  let server: FakeApiServer;
  beforeAll(async () => {
    server = await FakeApiServer.start({ kubernetesVersion: '1.34' });
    server.registerResource({ ...widgets('v1'), kind: 'Widget' });
    server.registerResource({
      ...widgets('v1beta1'),
      kind: 'Widget',
      deprecated: true,
      deprecationWarning: 'example.com/v1beta1 Widget is deprecated; use example.com/v1 Widget',
    });
    server.create(widgets('v1beta1'), { metadata: { name: 'w', namespace: 'default' } });
  });
  afterAll(() => server.close());

  it('writes Warning: <text> to stderr once, the output to stdout as always', async () => {
    const { code, stdout, stderr } = await runInProcess([
      'get',
      'widgets.v1beta1.example.com',
      `--server=${server.url}`,
      '-o',
      'name',
    ]);
    expect(code).toBe(0);
    expect(stdout).toBe('widget.example.com/w\n');
    expect(stderr).toBe(
      'Warning: example.com/v1beta1 Widget is deprecated; use example.com/v1 Widget\n',
    );
  });

  it('escapes the text before the terminal sees it', () => {
    let written = '';
    warningPrinter({ write: (text: string) => (written += text) }, {})(
      { code: 299, agent: '-', text: 'gadgets \u001b]52;c;cGF5bG9hZA==\u0007 are\ngoing' },
      request,
    );
    expect(written).toBe('Warning: gadgets ^[]52;c;cGF5bG9hZA==^G are\\ngoing\n');
  });

  it('prints each text once, code 299 only, Warning: in bold yellow on a terminal', () => {
    let written = '';
    const print = warningPrinter({ isTTY: true, write: (text: string) => (written += text) }, {});
    print({ code: 299, agent: '-', text: 'a' }, request);
    print({ code: 299, agent: '-', text: 'a' }, request);
    print({ code: 199, agent: '-', text: 'b' }, request);
    print({ code: 299, agent: '-', text: '' }, request);
    expect(written).toBe('\u001b[1m\u001b[33mWarning:\u001b[39m\u001b[22m a\n');
    let dumb = '';
    warningPrinter({ isTTY: true, write: (text: string) => (dumb += text) }, { TERM: 'dumb' })(
      { code: 299, agent: '-', text: 'a' },
      request,
    );
    expect(dumb).toBe('Warning: a\n');
  });
});
