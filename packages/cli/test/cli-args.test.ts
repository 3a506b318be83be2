import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/internal/cli-args.js';
import { helpText } from '../src/internal/help-text.js';

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

  it("reads kubectl's output formats and printing flags", () => {
    expect(
      parseCliArgs([
        'get',
        'pods',
        '-o',
        'jsonpath={.items[*].metadata.name}',
        '-L',
        'app,tier',
        '--label-columns',
        'zone',
        '--show-labels',
        '--no-headers',
        '--sort-by=.metadata.name',
        '--show-kind',
        '--request-timeout',
        '2m',
        '-n',
        'x',
        '-A',
      ]),
    ).toMatchObject({
      format: { kind: 'jsonpath', template: '{.items[*].metadata.name}' },
      labelColumns: ['app', 'tier', 'zone'],
      showLabels: true,
      noHeaders: true,
      sortBy: '.metadata.name',
      showKind: true,
      requestTimeoutMs: 120_000,
      allNamespaces: true,
    });
    expect(parseCliArgs(['get', 'po', '-o', 'wide'])).toMatchObject({
      format: { kind: 'wide' },
      output: 'table',
    });
    expect(parseCliArgs(['get', 'po', '-o', 'custom-columns-file=cols.txt'])).toMatchObject({
      format: { kind: 'custom-columns', spec: 'cols.txt', file: true },
    });
    expect(parseCliArgs(['get', 'po', '--watch-only'])).toMatchObject({
      watch: true,
      watchOnly: true,
    });
  });

  it("reads kubectl's connection flags", () => {
    expect(
      parseCliArgs([
        'get',
        'pods',
        '--server',
        'https://h:6443',
        '--token',
        't',
        '--certificate-authority',
        '/ca.crt',
        '--insecure-skip-tls-verify',
        '--as',
        'jane',
        '--as-group',
        'a',
        '--as-group',
        'b',
        '--context',
        'c',
        '--cluster',
        'k',
        '--user',
        'u',
      ]),
    ).toMatchObject({
      server: 'https://h:6443',
      token: 't',
      certificateAuthority: '/ca.crt',
      insecureSkipTlsVerify: true,
      as: 'jane',
      asGroups: ['a', 'b'],
      context: 'c',
      cluster: 'k',
      user: 'u',
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
      ['get', 'pods', '-o', 'bogus'],
      'unable to match a printer suitable for the output format "bogus", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml',
    ],
    [['get', 'pods', '-o', 'jsonpath='], 'template format specified but no template given'],
    // kubectl 1.20.2: `-o go-template` without a template.
    [['get', 'pods', '-o', 'go-template'], 'template format specified but no template given'],
    [['get', 'pods', '-o', 'templatefile='], 'template format specified but no template given'],
    [
      ['get', 'pods', '--request-timeout', 'soon'],
      'invalid value "soon" for --request-timeout: a duration such as 30s, 2m or 0 is expected',
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

describe('the flags of each command', () => {
  const commands = ['get', 'demo', 'proxy'] as const;
  const help = (command: string) => helpText(command) ?? '';
  /** The flags shown with a value (`--flag <value>`) anywhere in the help. */
  const valued = new Set(
    commands.flatMap((command) => [...help(command).matchAll(/--([\w-]+) </g)].map((m) => m[1])),
  );
  /** The long flags the "Flags:" part of a command's help lists (besides `--debug`). */
  const listed = (command: string) => {
    const flagsPart = help(command).split('Flags:')[1] ?? '';
    const flags = new Set([...flagsPart.matchAll(/--([a-z][\w-]*)/g)].map((m) => m[1] ?? ''));
    flags.delete('debug');
    return [...flags].map((flag) => ({ flag, valued: valued.has(flag) }));
  };
  /** Values the flags' own parsing accepts; any other valued flag takes `x`. */
  const values: Readonly<Record<string, string>> = {
    output: 'json',
    sort: 'name',
    'request-timeout': '1s',
    'chunk-size': '5',
    rate: '1',
    duration: '1',
    pods: '1',
    seed: '1',
    'fault-every': '1',
    port: '1',
  };
  const argv = (command: string, { flag, valued }: { flag: string; valued: boolean }) => [
    ...(command === 'get' ? ['get', 'pods'] : [command]),
    valued ? `--${flag}=${values[flag] ?? 'x'}` : `--${flag}`,
  ];

  it.each(commands)('%s takes every flag its help lists', (command) => {
    expect(listed(command).length).toBeGreaterThan(5);
    for (const flag of listed(command)) {
      expect([flag.flag, parseCliArgs(argv(command, flag)).command]).toEqual([flag.flag, command]);
    }
  });

  it.each(commands)('%s refuses every flag that only other commands list', (command) => {
    const own = new Set(listed(command).map(({ flag }) => flag));
    const foreign = commands
      .filter((other) => other !== command)
      .flatMap(listed)
      .filter(({ flag }) => !own.has(flag));
    expect(foreign.length).toBeGreaterThan(5);
    for (const flag of foreign) {
      expect(() => parseCliArgs(argv(command, flag))).toThrow(
        `flag --${flag.flag} does not apply to "rxkube ${command}"`,
      );
    }
  });
});
