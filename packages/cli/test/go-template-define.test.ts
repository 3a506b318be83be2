import { FakeApiServer } from '@rxkube/testing';
import { describe, expect, it } from 'vitest';
import { CliError } from '../src/internal/cli-error.js';
import { compileGoTemplate } from '../src/internal/print/go-template.js';
import { GoTemplateError } from '../src/internal/print/go-template-error.js';
import { runInProcess } from './support/in-process.js';
import { configMapsRef } from './support/seed-cluster.js';

const run = (template: string, data: unknown) => compileGoTemplate(template).execute(data);
const a = { kind: 'ConfigMap', metadata: { name: 'gt-a', labels: { app: 'web' } } };
const b = { kind: 'ConfigMap', metadata: { name: 'gt-b' } };
const list = { kind: 'List', items: [a, b] };

/** The message a template fails with (parsing or executing). */
function failure(template: string, data: unknown = list): string {
  try {
    run(template, data);
  } catch (error) {
    if (error instanceof CliError) return error.message;
    throw error;
  }
  throw new Error(`${template} did not fail`);
}

// The semantics of Go's text/template documentation ("Nested template definitions", "Actions").
describe('go-template: define, template and block', () => {
  it('defines templates that print nothing where defined and run where called (the documentation example)', () => {
    const template =
      '{{define "T1"}}ONE{{end}}{{define "T2"}}TWO{{end}}' +
      '{{define "T3"}}{{template "T1"}} {{template "T2"}}{{end}}{{template "T3"}}';
    expect(run(template, list)).toBe('ONE TWO');
    expect(run('a{{define "x"}}b{{end}}c', list)).toBe('ac');
  });

  it('runs a called template with dot set to the pipeline, and $ set to that dot', () => {
    const row = '{{define "row"}}{{.metadata.name}}:{{$.kind}}{{"\\n"}}{{end}}';
    expect(run(`${row}{{range .items}}{{template "row" .}}{{end}}`, list)).toBe(
      'gt-a:ConfigMap\ngt-b:ConfigMap\n',
    );
    expect(run('{{define "n"}}{{.}}{{end}}{{template "n" .metadata.name}}', a)).toBe('gt-a');
    // without a pipeline, dot has no value
    expect(run('{{define "t"}}[{{.}}]{{end}}{{template "t"}}', a)).toBe('[<no value>]');
  });

  it('has no dynamic scoping: a called template sees none of its caller variables', () => {
    expect(failure('{{define "t"}}{{$x}}{{end}}{{$x := 1}}{{template "t" .}}', a)).toMatch(
      /undefined variable.*\$x/,
    );
    // the pipeline's own declarations stay with the caller
    expect(run('{{define "t"}}{{.}}{{end}}{{template "t" $n := .kind}} {{$n}}', a)).toBe(
      'ConfigMap ConfigMap',
    );
  });

  it('block defines a template and runs it in place', () => {
    expect(run('{{block "names" .items}}{{range .}}{{.metadata.name}},{{end}}{{end}}|', list)).toBe(
      'gt-a,gt-b,|',
    );
    // a blank definition may be replaced, by a block too
    expect(run('{{define "x"}} {{end}}{{block "x" .kind}}<{{.}}>{{end}}', a)).toBe('<ConfigMap>');
    expect(run('{{define "x"}}kept{{end}}{{define "x"}}  {{end}}{{template "x"}}', a)).toBe('kept');
    // a template calls the ones defined after it
    expect(run('{{template "later" .kind}}{{define "later"}}={{.}}{{end}}', a)).toBe('=ConfigMap');
  });

  it('refuses what Go refuses when parsing', () => {
    const parse = (template: string, detail: string) =>
      expect(failure(template)).toBe(
        `error parsing template ${template}, template: output:${detail}`,
      );
    parse(
      '{{define "x"}}1{{end}}{{define "x"}}2{{end}}',
      '1: template: multiple definition of template "x"',
    );
    parse(
      '{{define "x"}}1{{end}}{{block "x" .}}2{{end}}',
      '1: template: multiple definition of template "x"',
    );
    parse('{{template}}', '1: unexpected "}}" in template clause');
    parse('{{template .name}}', '1: unexpected ".name" in template clause');
    parse('{{define "x"}}', '1: unexpected EOF');
    parse('{{define "x"}}1{{else}}2{{end}}', '1: unexpected {{else}} in define clause');
    parse('{{if .x}}{{define "x"}}1{{end}}{{end}}', '1: unexpected <define> in command');
    parse('{{block "b"}}x{{end}}', '1: missing value for block clause');
    // a defined template is a tree of its own: no enclosing range for break
    parse(
      '{{range .items}}{{block "b" .}}{{break}}{{end}}{{end}}',
      '1: {{break}} outside {{range}}',
    );
  });

  it('fails when running an undefined template, and inside a named one names it, as Go does', () => {
    const undefinedOne = '{{template "nope"}}';
    expect(failure(undefinedOne)).toBe(
      `error executing template "{{template \\"nope\\"}}": template: output:1:11: executing "output" at <{{template "nope"}}>: template "nope" not defined`,
    );
    const inside = '{{define "t"}}{{.a.b}}{{end}}{{template "t" .items}}';
    const error = (() => {
      try {
        run(inside, list);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(GoTemplateError);
    expect((error as Error).message).toContain(
      'template: output:1:18: executing "t" at <.a.b>: can\'t evaluate field a in type interface {}',
    );
  });

  it('stops a template that calls itself forever with a clear error', () => {
    expect(failure('{{define "r"}}x{{template "r" .}}{{end}}{{template "r" .}}')).toContain(
      'exceeded maximum template depth (1000)',
    );
  });
});

describe('go-template: slice', () => {
  it('slices strings by bytes and lists, as x[i:j] and x[i:j:k]', () => {
    expect(run('{{slice "abcdef" 1 3}}|{{slice "abc" 1}}|{{slice "abc"}}', a)).toBe('bc|bc|abc');
    expect(run('{{range slice .items 1}}{{.metadata.name}}{{end}}', list)).toBe('gt-b');
    expect(run('{{len (slice .items 0 1 2)}}', list)).toBe('1');
    expect(run('{{slice .metadata.name 0 2}}', a)).toBe('gt');
  });

  it('fails as Go does for bad indexes and operands', () => {
    const calling = (template: string) =>
      failure(template, a).replace(/^.*error calling slice: /, '');
    expect(calling('{{slice "abc" 1 2 3}}')).toBe('cannot 3-index slice a string');
    expect(calling('{{slice "abc" 2 1}}')).toBe('invalid slice index: 2 > 1');
    expect(calling('{{slice "abc" 4}}')).toBe('index out of range: 4');
    expect(calling('{{slice "abc" 1.5}}')).toBe('cannot index slice/array with type float64');
    expect(calling('{{slice .metadata 1}}')).toBe(
      "can't slice item of type map[string]interface {}",
    );
    expect(calling('{{slice .missing 1}}')).toBe('slice of untyped nil');
  });
});

describe('go-template: functions rxkube does not run', () => {
  it('refuses call and js by name, and unknown names as Go does', () => {
    expect(failure('{{call .x}}')).toBe(
      `error parsing template {{call .x}}, template: output:1: function "call" is not supported by rxkube's go-template`,
    );
    expect(failure('{{js .x}}')).toContain('function "js" is not supported');
    expect(failure('{{nope .x}}')).toContain('function "nope" not defined');
  });
});

describe('rxkube get -o go-template with named templates', () => {
  it('prints through define and template, and exits 1 naming the template that failed', async () => {
    const server = await FakeApiServer.start();
    try {
      for (const name of ['x', 'y']) {
        server.create(configMapsRef, { metadata: { name, namespace: 'named' } });
      }
      const get = (template: string) =>
        runInProcess([
          'get',
          'cm',
          '-n',
          'named',
          `--server=${server.url}`,
          '-o',
          `go-template=${template}`,
        ]);
      const printed = await get(
        '{{define "row"}}{{.metadata.name}}{{"\\n"}}{{end}}{{range .items}}{{template "row" .}}{{end}}',
      );
      expect(printed).toMatchObject({ code: 0, stdout: 'x\ny\n' });
      const failed = await get('{{define "bad"}}{{.a.b}}{{end}}{{template "bad" .items}}');
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('executing "bad" at <.a.b>');
    } finally {
      await server.close();
    }
  });
});
