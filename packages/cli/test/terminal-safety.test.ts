import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeTerminal } from '../src/internal/print/escape-terminal.js';
import { runInProcess } from './support/in-process.js';

/** An OSC 52 sequence: it would write "echo hi" to the clipboard of the terminal. */
const OSC52 = '\u001b]52;c;ZWNobyBoaQ==\u0007';
const ESC = '\u001b';

describe('terminal safety: server text never reaches the terminal raw', () => {
  let server: FakeApiServer;
  let status: Server;
  let statusUrl: string;

  beforeAll(async () => {
    server = await FakeApiServer.start();
    server.create(
      { version: 'v1', resource: 'pods' },
      {
        metadata: { name: 'evil', namespace: 'default', labels: { app: 'x' } },
        spec: { containers: [{ name: 'c', image: 'i' }] },
        status: { phase: 'Failed', reason: `Evicted${OSC52}` },
      },
    );
    // A server whose every LIST answers 403 with a hostile Status message.
    status = createServer((req, res) => {
      const json = (code: number, body: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/api') return json(200, { versions: ['v1'] });
      if (req.url === '/api/v1') {
        return json(200, {
          resources: [{ name: 'pods', kind: 'Pod', namespaced: true, verbs: ['list', 'get'] }],
        });
      }
      return json(403, {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        message: `pods is forbidden: ${OSC52}\u001b[2J`,
        reason: 'Forbidden',
        code: 403,
      });
    });
    await new Promise<void>((resolve) => status.listen(0, '127.0.0.1', resolve));
    statusUrl = `http://127.0.0.1:${(status.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => status.close(resolve));
  });

  it('escapes an OSC 52 sequence in a pod status reason, in the table', async () => {
    const { code, stdout } = await runInProcess(['get', 'pods', `--server=${server.url}`]);
    expect(code).toBe(0);
    expect(stdout).not.toContain(ESC);
    expect(stdout).not.toContain('\u0007');
    expect(stdout).toContain('Evicted^[]52;c;ZWNobyBoaQ==^G');
  });

  it('escapes it in custom columns and JSONPath output too', async () => {
    for (const output of [
      'custom-columns=R:.status.reason',
      'jsonpath={.items[*].status.reason}',
    ]) {
      const { stdout } = await runInProcess([
        'get',
        'pods',
        '-o',
        output,
        `--server=${server.url}`,
      ]);
      expect(stdout, output).toContain('Evicted^[]52;c;');
      expect(stdout, output).not.toContain(ESC);
    }
  });

  it('keeps -o json and -o yaml exact and safe (escaped by their own syntax)', async () => {
    const json = await runInProcess(['get', 'pods', '-o', 'json', `--server=${server.url}`]);
    expect(json.stdout).not.toContain(ESC);
    expect(JSON.parse(json.stdout).items[0].status.reason).toBe(`Evicted${OSC52}`);
    const yaml = await runInProcess(['get', 'pods', '-o', 'yaml', `--server=${server.url}`]);
    expect(yaml.stdout).not.toContain(ESC);
    expect(yaml.stdout).toContain('reason: "Evicted\\e]52;c;ZWNobyBoaQ==\\a"');
  });

  it('escapes a hostile Status message in the error line', async () => {
    const { code, stdout, stderr } = await runInProcess(['get', 'pods', `--server=${statusUrl}`]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'Error from server (Forbidden): pods is forbidden: ^[]52;c;ZWNobyBoaQ==^G^[[2J\n',
    );
  });

  it('escapes every control character but tab and newline, as visible text', () => {
    expect(escapeTerminal('a\u001b[31mred\r\u0000\u007f\u009b\tok\n')).toBe(
      'a^[[31mred\\r^@^?\\u009b\tok\n',
    );
  });
});
