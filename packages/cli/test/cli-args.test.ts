import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/internal/cli-args.js';

const message = (argv: string[]) => {
  try {
    parseCliArgs(argv);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('parseCliArgs', () => {
  it('reads get with kubectl-style flags', () => {
    expect(
      parseCliArgs([
        'get',
        'po',
        'web-0',
        '-n',
        'x',
        '-l',
        'app=web',
        '--field-selector=status.phase=Running',
        '-w',
        '-o',
        'ndjson',
      ]),
    ).toMatchObject({
      command: 'get',
      resource: 'po',
      names: ['web-0'],
      namespace: 'x',
      selector: 'app=web',
      fieldSelector: 'status.phase=Running',
      watch: true,
      output: 'ndjson',
      allNamespaces: false,
      chunkSize: 500,
    });
    expect(parseCliArgs(['get', 'pods', '-A'])).toMatchObject({ allNamespaces: true });
    expect(parseCliArgs(['--context', 'prod', 'get', 'pods'])).toMatchObject({ context: 'prod' });
  });

  it('reads demo flags with their defaults', () => {
    expect(parseCliArgs(['demo'])).toEqual({
      command: 'demo',
      rate: 25,
      pods: 2000,
      seed: 1,
      faultEverySeconds: 2,
      faults: true,
      debug: false,
    });
    expect(parseCliArgs(['demo', '--duration', '6', '--rate', '50', '--no-faults'])).toMatchObject({
      durationSeconds: 6,
      rate: 50,
      faults: false,
    });
  });

  it('treats --help, help <command> and no command as help', () => {
    expect(parseCliArgs([])).toMatchObject({ command: 'help' });
    expect(parseCliArgs(['help', 'demo'])).toMatchObject({ command: 'help', topic: 'demo' });
    expect(parseCliArgs(['get', '--help'])).toMatchObject({ command: 'help', topic: 'get' });
    expect(parseCliArgs(['--version'])).toMatchObject({ command: 'version' });
  });

  it.each([
    [['get'], 'you must specify the type of resource to get, e.g. "rxkube get pods"'],
    [
      ['get', 'pods', '-o', 'wide'],
      'unknown output format "wide" (one of: table, json, yaml, ndjson, name)',
    ],
    [['get', 'pods', '-n', 'x', '-A'], '--namespace and --all-namespaces cannot be used together'],
    [
      ['get', 'pods', '--server', 'http://x', '--context', 'c'],
      '--server is a plain URL and cannot be combined with --kubeconfig or --context',
    ],
    [
      ['get', 'pods', '--chunk-size', 'ten'],
      'invalid value "ten" for --chunk-size: expected a number ≥ 0',
    ],
    [['get', 'pods', '--rate', '5'], 'flag --rate does not apply to "rxkube get"'],
    [['demo', '--rate', '0'], 'invalid value "0" for --rate: expected a number > 0'],
    [['demo', '-w'], 'flag --watch does not apply to "rxkube demo"'],
    [['frobnicate'], 'unknown command "frobnicate" for "rxkube" (try "rxkube --help")'],
  ])('rejects %j with one line: %s', (argv, expected) => {
    expect(message(argv)).toBe(expected);
  });
});
