import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/internal/cli-args.js';
import type { CliError } from '../src/internal/cli-error.js';
import { helpText } from '../src/internal/help-text.js';

/** What the error says, in order: the lines before it, its own, the lines after it. */
const lines = (argv: string[]) => {
  try {
    parseCliArgs(argv);
  } catch (error) {
    const { before, message, after } = error as CliError;
    return [...before, message, ...after];
  }
  return ['no error'];
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
      'Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)',
    ],
    [
      ['get', 'pods', '--chunk-size', '-1'],
      'invalid value "-1" for --chunk-size: expected a number ≥ 0',
    ],
    [['demo', '--rate', '0'], 'invalid value "0" for --rate: expected a number > 0'],
    [['frobnicate'], 'unknown command "frobnicate" for "rxkube"'],
  ])('rejects %j with one line: %s', (argv, expected) => {
    expect(lines(argv)).toEqual([expected]);
  });

  // kubectl 1.32.3's words for the same command lines (`kubectl` in them reads `rxkube`).
  it.each([
    [
      ['get', 'pods', '--bogus'],
      ['unknown flag: --bogus', "See 'rxkube get --help' for usage."],
    ],
    [
      ['get', 'pods', '-x'],
      ["unknown shorthand flag: 'x' in -x", "See 'rxkube get --help' for usage."],
    ],
    [
      ['get', 'pods', '-xA'],
      ["unknown shorthand flag: 'x' in -xA", "See 'rxkube get --help' for usage."],
    ],
    [
      ['get', 'pods', '-o'],
      ["flag needs an argument: 'o' in -o", "See 'rxkube get --help' for usage."],
    ],
    [
      ['get', 'pods', '-Ao'],
      ["flag needs an argument: 'o' in -o", "See 'rxkube get --help' for usage."],
    ],
    [
      ['get', 'pods', '--namespace'],
      ['flag needs an argument: --namespace', "See 'rxkube get --help' for usage."],
    ],
    [
      ['get', 'pods', '--no-headers=maybe'],
      [
        'invalid argument "maybe" for "--no-headers" flag: strconv.ParseBool: parsing "maybe": invalid syntax',
        "See 'rxkube get --help' for usage.",
      ],
    ],
    [
      ['get', 'pods', '-A=maybe'],
      [
        'invalid argument "maybe" for "-A, --all-namespaces" flag: strconv.ParseBool: parsing "maybe": invalid syntax',
        "See 'rxkube get --help' for usage.",
      ],
    ],
    [
      ['get', 'pods', '--chunk-size=ten'],
      [
        'invalid argument "ten" for "--chunk-size" flag: strconv.ParseInt: parsing "ten": invalid syntax',
        "See 'rxkube get --help' for usage.",
      ],
    ],
    [
      ['get', 'pods', '---x'],
      ['bad flag syntax: ---x', "See 'rxkube get --help' for usage."],
    ],
    [
      ['get', 'pods', '--rate', '5'],
      ['unknown flag: --rate', "See 'rxkube get --help' for usage."],
    ],
    [
      ['demo', '-w'],
      ["unknown shorthand flag: 'w' in -w", "See 'rxkube demo --help' for usage."],
    ],
    [['--bogus'], ['unknown flag: --bogus', "See 'rxkube --help' for usage."]],
    [
      ['gte', 'pods'],
      ['unknown command "gte" for "rxkube"', '', 'Did you mean this?', '\tget'],
    ],
    [['prox'], ['unknown command "prox" for "rxkube"', '', 'Did you mean this?', '\tproxy']],
    [['gt'], ['unknown command "gt" for "rxkube"', '', 'Did you mean this?', '\tget']],
    [
      ['get'],
      [
        'You must specify the type of resource to get.',
        '',
        'Required resource not specified.',
        "See 'rxkube get -h' for help and examples",
      ],
    ],
  ])("refuses %j in kubectl's words", (argv, expected) => {
    expect(lines(argv)).toEqual(expected);
  });

  it('reads flags as kubectl does: values that look like flags, attached values, combined shorthands', () => {
    // kubectl takes the next argument as the value, whatever it looks like.
    expect(parseCliArgs(['get', 'pods', '-n', '-A'])).toMatchObject({
      namespace: '-A',
      allNamespaces: false,
    });
    expect(parseCliArgs(['get', 'pods', '-l', '-x'])).toMatchObject({ selector: '-x' });
    expect(parseCliArgs(['get', 'pods', '-ngolden', '-oname'])).toMatchObject({
      namespace: 'golden',
      output: 'name',
    });
    expect(parseCliArgs(['get', 'pods', '-n=golden', '-Aw'])).toMatchObject({
      namespace: 'golden',
      allNamespaces: true,
      watch: true,
    });
    expect(parseCliArgs(['get', 'pods', '-w=false', '--no-headers=true'])).toMatchObject({
      watch: false,
      noHeaders: true,
    });
    expect(parseCliArgs(['-n', 'x', '--server', 'https://h', 'get', 'pods'])).toMatchObject({
      command: 'get',
      resource: 'pods',
      namespace: 'x',
      server: 'https://h',
    });
    expect(parseCliArgs(['get', '--', 'pods', '-x'])).toMatchObject({
      resource: 'pods',
      names: ['-x'],
    });
    expect(parseCliArgs(['get', 'pods', '--show-managed-fields'])).toMatchObject({
      showManagedFields: true,
    });
    expect(parseCliArgs(['get', 'pods'])).toMatchObject({ showManagedFields: false });
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
    address: '127.0.0.1',
    'allow-origin': 'http://app.test',
    'max-streams': '1',
    'max-streams-per-client': '1',
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
      expect(() => parseCliArgs(argv(command, flag))).toThrow(`unknown flag: --${flag.flag}`);
    }
  });
});
