import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../src/internal/cli-error.js';
import { goFloat, goSprintf } from '../src/internal/print/go-format.js';
import { compileGoTemplate } from '../src/internal/print/go-template.js';
import { runInProcess } from './support/in-process.js';

const run = (template: string, data: unknown) => compileGoTemplate(template).execute(data);

// Objects as kubectl gives them to the template (JSON); the expected outputs were printed by
// kubectl 1.20.2 (`-o go-template=…`) for the same objects on kube-apiserver 1.20.2.
const a = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'gt-a', namespace: 'ffcap', labels: { app: 'web', tier: 'front' } },
  data: { big: 'x', k: 'v' },
};
const b = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'gt-b' }, data: { k: 'w' } };
const list = {
  apiVersion: 'v1',
  items: [a, b],
  kind: 'List',
  metadata: { resourceVersion: '', selfLink: '' },
};
const secret = { kind: 'Secret', metadata: { name: 'gt-s' }, data: { password: 'aGVsbG8=' } };

describe('go-template as kubectl 1.20.2 prints it', () => {
  it.each([
    ['{{range .items}}{{.metadata.name}}{{"\\n"}}{{end}}', list, 'gt-a\ngt-b\n'],
    [
      '{{.metadata.name}} {{.metadata.generation}} {{.missing}} {{.metadata.labels}}',
      a,
      'gt-a <no value> <no value> map[app:web tier:front]',
    ],
    ['{{range .items}}{{.metadata.labels.app}}|{{end}}', list, 'web|<no value>|'],
    ['{{index .data "password" | base64decode}}', secret, 'hello'],
    ['{{len .items}} {{if eq (len .items) 2}}two{{end}}', { items: [a] }, '1 '],
    ['{{range .items}}x{{end}}', { ...list, items: [] }, ''],
    [
      '{{printf "%d" 3.5}} {{printf "%v %s" .kind}} {{1000000.0}} {{123456789.0}}',
      a,
      '%!d(float64=3.5) ConfigMap %!s(MISSING) 1e+06 1.23456789e+08',
    ],
    ['{{range $k, $v := .data}}{{$k}}={{$v}};{{end}}', a, 'big=x;k=v;'],
    ['{{range .metadata.labels}}{{.}},{{$.kind}} {{end}}', a, 'web,ConfigMap front,ConfigMap '],
    ['{{with .metadata.labels}}{{.tier}}{{else}}none{{end}}', b, 'none'],
    ['{{exists . "metadata" "labels"}} {{index .metadata "nolabel"}}', b, 'false <no value>'],
    [
      '{{range .items}}{{if eq .metadata.name "gt-b"}}{{break}}{{end}}{{.metadata.name}} {{end}}',
      list,
      'gt-a ',
    ],
  ])('%s', (template, data, expected) => {
    expect(run(template, data)).toBe(expected);
  });

  it('runs the examples of kubectl get --help and the Kubernetes docs', () => {
    const pods = {
      kind: 'List',
      items: [
        {
          metadata: { name: 'web-1' },
          spec: { containers: [{ image: 'nginx:1.19' }, { image: 'envoy:1.16' }] },
          status: { podIP: '10.1.0.5', phase: 'Running' },
        },
        {
          metadata: { name: 'web-2' },
          spec: { containers: [{ image: 'nginx:1.19' }] },
          status: {},
        },
      ],
    };
    expect(run('{{range .items}}{{range .spec.containers}}{{.image}} {{end}}{{end}}', pods)).toBe(
      'nginx:1.19 envoy:1.16 nginx:1.19 ',
    );
    expect(
      run(
        '{{range .items}}{{.metadata.name}}{{"\\t"}}{{if .status.podIP}}{{.status.podIP}}{{else}}-{{end}}{{"\\n"}}{{end}}',
        pods,
      ),
    ).toBe('web-1\t10.1.0.5\nweb-2\t-\n');
    expect(
      run('{{range $i, $p := .items}}{{if $i}},{{end}}{{$p.metadata.name}}{{end}}', pods),
    ).toBe('web-1,web-2');
    expect(
      run(
        '{{range .items}}{{if and .status.phase (ne .status.phase "Pending")}}{{.metadata.name}}{{end}}{{end}}',
        pods,
      ),
    ).toBe('web-1');
    expect(run('{{- range .items }}\n  {{- .metadata.name }}\n{{ end -}}', pods)).toBe(
      'web-1\nweb-2\n',
    );
    expect(run('{{$n := len .items}}{{$n}} pods{{/* a comment */}}', pods)).toBe('2 pods');
    expect(run('{{(index .items 0).metadata.name | printf "%-8s|"}}', pods)).toBe('web-1   |');
    expect(run('{{or .missing "fallback"}} {{not .items}} {{print 1 2 "x" 3}}', pods)).toBe(
      'fallback false 1 2x3',
    );
    expect(run('{{with $x := .kind}}{{$x}}{{end}} {{if lt 1 2}}lt{{end}}', pods)).toBe('List lt');
    expect(
      run(
        '{{range .items}}{{if .spec.hostNetwork}}x{{else if .status.podIP}}ip{{else}}none{{end}} {{end}}',
        pods,
      ),
    ).toBe('ip none ');
    expect(run('{{range .missing}}x{{else}}empty{{end}}', pods)).toBe('empty');
    expect(
      run(
        '{{range .items}}{{if eq .metadata.name "web-1"}}{{continue}}{{end}}{{.metadata.name}}{{end}}',
        pods,
      ),
    ).toBe('web-2');
  });

  it('fails to parse as kubectl does', () => {
    expect(() => compileGoTemplate('{{.x')).toThrow(
      new CliError('error parsing template {{.x, template: output:1: unclosed action'),
    );
    expect(() => compileGoTemplate('{{nope}}')).toThrow(
      new CliError(
        'error parsing template {{nope}}, template: output:1: function "nope" not defined',
      ),
    );
    expect(() => compileGoTemplate('{{if .x}}')).toThrow(CliError);
    expect(() => compileGoTemplate('{{end}}')).toThrow(CliError);
    expect(() => compileGoTemplate('{{break}}')).toThrow(CliError);
  });

  it('fails to execute with kubectl error lines', () => {
    const failure = (template: string, data: unknown) => {
      try {
        run(template, data);
      } catch (error) {
        return (error as CliError).message;
      }
      return 'no error';
    };
    expect(failure('{{eq .kind 1}}', list)).toBe(
      'error executing template "{{eq .kind 1}}": template: output:1:2: executing "output" at <eq .kind 1>: error calling eq: incompatible types for comparison',
    );
    expect(failure('{{.items.x.y}}', list)).toBe(
      'error executing template "{{.items.x.y}}": template: output:1:8: executing "output" at <.items.x.y>: can\'t evaluate field x in type interface {}',
    );
    expect(failure('{{"aGk" | base64decode}}', b)).toBe(
      'error executing template "{{\\"aGk\\" | base64decode}}": template: output:1:10: executing "output" at <base64decode>: error calling base64decode: base64 decode failed: illegal base64 data at input byte 0',
    );
  });
});

describe('Go formatting', () => {
  it('prints float64 as %v does', () => {
    expect([2, 1.5, 123456, 1e6, 1234567, 0.0001, 0.00001, -3].map(goFloat)).toEqual([
      '2',
      '1.5',
      '123456',
      '1e+06',
      '1.234567e+06',
      '0.0001',
      '1e-05',
      '-3',
    ]);
  });

  it('formats printf verbs, widths and wrong types', () => {
    expect(
      goSprintf('%s|%5s|%-5s|%q|%t|%%|%.2f|%x', ['a', 'b', 'c', 'd"', true, 1.23456, 'hi']),
    ).toBe('a|    b|c    |"d\\""|true|%|1.23|6869');
    expect(goSprintf('%d', ['x'])).toBe('%!d(string=x)');
    expect(goSprintf('%s', [])).toBe('%!s(MISSING)');
  });
});

describe('rxkube get -o go-template / jsonpath-as-json against FakeApiServer', () => {
  let server: FakeApiServer;
  beforeAll(async () => {
    server = await FakeApiServer.start();
    for (const name of ['gt-a', 'gt-b']) {
      server.create(
        { version: 'v1', resource: 'configmaps' },
        { metadata: { name, namespace: 'default' }, data: { k: name } },
      );
    }
  });
  afterAll(() => server.close());

  it('prints each object through the template, -o template being the same printer', async () => {
    for (const format of ['go-template', 'template']) {
      const { code, stdout } = await runInProcess([
        'get',
        'configmaps',
        `--server=${server.url}`,
        '-o',
        `${format}={{range .items}}{{.metadata.name}}={{.data.k}}{{"\\n"}}{{end}}`,
      ]);
      expect(code).toBe(0);
      expect(stdout).toBe('gt-a=gt-a\ngt-b=gt-b\n');
    }
    const one = await runInProcess([
      'get',
      'configmap',
      'gt-a',
      `--server=${server.url}`,
      '-o',
      'go-template={{.kind}}/{{.metadata.name}}',
    ]);
    expect(one.stdout).toBe('ConfigMap/gt-a');
  });

  it('prints jsonpath-as-json results as kubectl 1.20.2 does', async () => {
    const { stdout } = await runInProcess([
      'get',
      'configmaps',
      `--server=${server.url}`,
      '-o',
      'jsonpath-as-json=names: {range .items[*]}{.metadata.name}{end}',
    ]);
    expect(stdout).toBe('[\n    "names: "\n]\n[\n    "gt-a"\n]\n[\n    "gt-b"\n]\n');
  });

  it('exits 1 with the error on stderr for a failing template', async () => {
    const { code, stdout, stderr } = await runInProcess([
      'get',
      'configmaps',
      `--server=${server.url}`,
      '-o',
      'go-template=ok {{.items.x.y}}',
    ]);
    expect(code).toBe(1);
    expect(stderr).toBe(
      'error: error executing template "ok {{.items.x.y}}": template: output:1:11: executing "output" at <.items.x.y>: can\'t evaluate field x in type interface {}\n',
    );
    // As kubectl: what was printed, then the template, the raw data and the object given.
    expect(stdout.split('\n').slice(0, 4)).toEqual([
      'ok Error executing template: template: output:1:11: executing "output" at <.items.x.y>: can\'t evaluate field x in type interface {}. Printing more information for debugging the template:',
      '\ttemplate was:',
      '\t\tok {{.items.x.y}}',
      '\traw data was:',
    ]);
    expect(stdout).toContain(
      '\tobject given to template engine was:\n\t\tmap[apiVersion:v1 items:[',
    );
  });
});
