import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { goJson } from '../src/internal/print/go-json.js';
import { goYaml } from '../src/internal/print/go-yaml.js';

const g = JSON.parse(readFileSync('../conformance/golden/kubectl.json', 'utf8'));
// -o yaml and -o json must be byte for byte what kubectl 1.20 printed for the same objects.
for (const id of [
  'cm-yaml',
  'pod-yaml',
  'pods-yaml',
  'node-yaml',
  'widget-yaml',
  'secrets-yaml',
  'svc-yaml',
  'deploy-yaml',
  'type-name-yaml',
]) {
  it(id, () => {
    const json = JSON.parse(g[id.replace('yaml', 'json')]?.stdout ?? 'null');
    if (json === null) return;
    expect(goYaml(json)).toBe(g[id].stdout);
  });
}
for (const id of ['cm-json', 'pod-json', 'pods-json', 'leases-json', 'widgets-json']) {
  it(id, () => {
    expect(`${goJson(JSON.parse(g[id].stdout))}\n`).toBe(g[id].stdout);
  });
}

// Where the `yaml` library (2.9, YAML 1.1 schema, single quotes, width 80) writes otherwise; the
// expected text is kubectl's: kubectl create configmap x --from-literal=n=yes
// --from-literal=a='a: b' --from-literal=long='x…x y…y zzzzzzzzzz' --dry-run=client -o yaml
it('quotes and folds as go-yaml does, where the yaml library would not', () => {
  const long = `${'x'.repeat(30)} ${'y'.repeat(60)} zzzzzzzzzz`;
  expect(goYaml({ data: { a: 'a: b', long, n: 'yes' } })).toBe(
    [
      'data:',
      "  a: 'a: b'",
      `  long: ${'x'.repeat(30)} ${'y'.repeat(60)}`,
      '    zzzzzzzzzz',
      '  "n": "yes"',
      '',
    ].join('\n'),
  );
});
