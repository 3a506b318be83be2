import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { NOT_SIMPLE, readSimpleYaml } from '../../src/internal/kubeconfig/read-simple-yaml.js';
import { fuzzRuns } from '../fuzz/fuzz-runs.js';

/** The reader's promise: whenever it accepts a text, the YAML library reads the same value. */
function expectSameAsLibrary(text: string): boolean {
  const fast = readSimpleYaml(text);
  if (fast === NOT_SIMPLE) return false;
  expect(fast, JSON.stringify(text)).toStrictEqual(parse(text));
  return true;
}

// Strings with the characters that change a scalar's meaning: indicators, quotes, escapes,
// number and boolean look-alikes, colons, hashes, spaces, non-ASCII, controls.
const tricky = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      ...'ab:#-?\'"\\ .,[]{}&*!|>%@`~01xeE+/\n\t\r\u00e9\u2028\ufeff'.split(''),
      'true',
      'null',
      'no',
      '.inf',
      '0x1f',
      ': ',
      ' #',
      '\\u00e9',
    ),
    maxLength: 10,
  }),
  fc.constantFrom('', 'true', 'False', 'NULL', '~', '1', '-1.5e3', '0o17', '.nan', 'yes', '1:20'),
  fc.string({ maxLength: 12 }),
);

/** One scalar written in a style chosen by the generator, right or wrong for its content. */
const scalarText = fc.oneof(
  tricky,
  tricky.map((s) => `'${s.replaceAll("'", "''")}'`),
  tricky.map((s) => `'${s}'`),
  tricky.map((s) => JSON.stringify(s)),
  tricky.map((s) => `"${s}"`),
  fc.constantFrom('{}', '[]', '{ a: b }', '[a]', '|', '>-', '&x a', '*x', '!!str a', 'a # c'),
);

const keyText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('name', 'cluster', 'server', 'token', 'as-groups') },
  { weight: 1, arbitrary: tricky },
);

type Block = { readonly kind: 'scalar'; readonly text: string } | readonly [string, Node][];
type Node = Block | { readonly kind: 'list'; readonly items: readonly Node[] };

const node: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarText.map((text): Node => ({ kind: 'scalar', text })),
    fc.array(fc.tuple(keyText, tie('node')), { maxLength: 4 }),
    fc.record({
      kind: fc.constant('list' as const),
      items: fc.array(tie('node'), { maxLength: 3 }),
    }),
  ),
})).node;

/** Writes a node as block YAML, with a generated indentation step and sequence placement. */
function render(value: Node, indent: number, step: number, sameIndentLists: boolean): string[] {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    return value.flatMap(([key, child]: [string, Node]) => {
      if (!Array.isArray(child) && (child as { kind: string }).kind === 'scalar') {
        return [`${pad}${key}: ${(child as { text: string }).text}`];
      }
      const isList = !Array.isArray(child);
      const childIndent = isList && sameIndentLists ? indent : indent + step;
      return [`${pad}${key}:`, ...render(child, childIndent, step, sameIndentLists)];
    });
  }
  const single = value as Exclude<Node, readonly [string, Node][]>;
  if (single.kind === 'scalar') return [`${pad}${single.text}`];
  return single.items.flatMap((item) => {
    const lines = render(item, indent + 2, step, sameIndentLists);
    const first = lines[0];
    if (first === undefined) return [`${pad}-`];
    return [`${pad}- ${first.slice(indent + 2)}`, ...lines.slice(1)];
  });
}

const document = fc
  .tuple(
    fc.array(fc.tuple(keyText, node), { minLength: 1, maxLength: 5 }),
    fc.constantFrom(2, 3, 4),
    fc.boolean(),
    fc.boolean(),
  )
  .map(
    ([root, step, same, newline]) => render(root, 0, step, same).join('\n') + (newline ? '\n' : ''),
  );

/** kubeconfig-shaped values, as kubectl writes them through a YAML writer. */
const kubeConfigValue = fc.record({
  apiVersion: fc.constant('v1'),
  kind: fc.constant('Config'),
  clusters: fc.array(
    fc.record({
      name: tricky,
      cluster: fc.record(
        {
          server: tricky,
          'certificate-authority-data': fc.base64String(),
          'insecure-skip-tls-verify': fc.boolean(),
        },
        { requiredKeys: [] },
      ),
    }),
    { maxLength: 3 },
  ),
  users: fc.array(
    fc.record({
      name: tricky,
      user: fc.record(
        {
          token: tricky,
          'as-groups': fc.array(tricky, { maxLength: 3 }),
          exec: fc.record({
            command: tricky,
            args: fc.array(tricky, { maxLength: 3 }),
            env: fc.constant(null),
          }),
        },
        { requiredKeys: [] },
      ),
    }),
    { maxLength: 3 },
  ),
  'current-context': tricky,
  preferences: fc.constant({}),
});

describe('readSimpleYaml', () => {
  it('reads generated block documents as the YAML library does whenever it accepts them', () => {
    let accepted = 0;
    fc.assert(
      fc.property(document, (text) => {
        if (expectSameAsLibrary(text)) accepted++;
      }),
      { numRuns: fuzzRuns(3000) },
    );
    // The property must not hold vacuously.
    expect(accepted).toBeGreaterThan(100);
  });

  it('reads kubeconfigs written by a YAML writer as the YAML library does, and most of them', () => {
    let accepted = 0;
    const runs = fuzzRuns(1000);
    fc.assert(
      fc.property(kubeConfigValue, fc.constantFrom(2, 4), fc.boolean(), (value, indent, inline) => {
        const text = stringify(value, { indent, indentSeq: !inline, lineWidth: 0 });
        if (expectSameAsLibrary(text)) accepted++;
      }),
      { numRuns: runs },
    );
    expect(accepted).toBeGreaterThan(runs / 10);
  });

  it('reads the kubeconfigs kubectl writes without the library', () => {
    const kubectlWritten = [
      'apiVersion: v1',
      'clusters:',
      '- cluster:',
      '    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=',
      '    server: https://127.0.0.1:6443',
      '  name: kind-kind',
      '- cluster:',
      '    insecure-skip-tls-verify: true',
      '    server: https://10.0.0.1',
      '    tls-server-name: api.example',
      '  name: other',
      'contexts:',
      '- context:',
      '    cluster: kind-kind',
      '    namespace: team-a',
      '    user: kind-kind',
      '  name: kind-kind',
      'current-context: kind-kind',
      'kind: Config',
      'preferences: {}',
      'users:',
      '- name: kind-kind',
      '  user:',
      '    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t',
      '    client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQ==',
      '- name: cloud',
      '  user:',
      '    exec:',
      '      apiVersion: client.authentication.k8s.io/v1beta1',
      '      args:',
      '      - get-token',
      '      - --cluster-name',
      '      - "prod"',
      '      command: aws',
      '      env:',
      '      - name: AWS_PROFILE',
      "        value: 'prod'",
      '      env2: null',
      '      interactiveMode: IfAvailable',
      '      provideClusterInfo: false',
      '',
    ].join('\n');
    // The shape the scripts of the local kube-apiserver write (two-space indented sequences).
    const localCluster = [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '  - name: rxkube-local',
      '    cluster:',
      '      server: https://127.0.0.1:24621',
      '      certificate-authority: /tmp/run/pki/ca.crt',
      'users:',
      '  - name: admin',
      '    user:',
      '      token: 3f1c0a9e-token',
      'contexts:',
      '  - name: rxkube-local',
      '    context:',
      '      cluster: rxkube-local',
      '      user: admin',
      '      namespace: ""',
      'current-context: rxkube-local',
      'preferences: {}',
    ].join('\n');
    for (const text of [kubectlWritten, localCluster, '', '\n']) {
      for (const [i] of text.split('\n').entries()) {
        const head = text
          .split('\n')
          .slice(0, i + 1)
          .join('\n');
        expect(readSimpleYaml(head), head).not.toBe(NOT_SIMPLE);
      }
      expect(expectSameAsLibrary(text)).toBe(true);
    }
  });

  it('leaves every construct outside its subset to the library', () => {
    for (const text of [
      'a: { server: x }',
      'a: [x, y]',
      'a: |\n  x',
      'a: >-\n  x',
      '# comment\na: b',
      'a: b # comment',
      '---\na: b',
      'a: &x b\nc: *x',
      'a: !!str 1',
      'a: 1',
      'a: 1e3',
      'a: -0.5',
      'a: 0o17',
      'a: 0x1f',
      'a: .inf',
      'a: b\n  c',
      'a: "b\n  c"',
      'a: b\na: c',
      '"a": b',
      'a:\tb',
      'a: b\r\n',
      'a: b ',
      '- a',
      'a',
      '  a: b',
      'true: x',
      '__proto__: x',
      'a: "\\x41"',
      'a: "\\ud800"',
      "a: 'b''",
    ]) {
      expect(readSimpleYaml(text), JSON.stringify(text)).toBe(NOT_SIMPLE);
    }
  });
});
