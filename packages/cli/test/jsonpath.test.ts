import { describe, expect, it } from 'vitest';
import { JsonPathError, parseJsonPath } from '../src/index.js';

// The input of kubectl's JSONPath documentation (kubernetes.io/docs/reference/kubectl/jsonpath).
const doc = {
  kind: 'List',
  items: [
    {
      kind: 'None',
      metadata: { name: '127.0.0.1', labels: { 'kubernetes.io/hostname': '127.0.0.1' } },
      status: {
        capacity: { cpu: '4' },
        addresses: [{ type: 'LegacyHostIP', address: '127.0.0.1' }],
      },
    },
    {
      kind: 'None',
      metadata: { name: '127.0.0.2' },
      status: {
        capacity: { cpu: '8' },
        addresses: [
          { type: 'LegacyHostIP', address: '127.0.0.2' },
          { type: 'another', address: '127.0.0.3' },
        ],
      },
    },
  ],
  users: [
    { name: 'myself', user: {} },
    { name: 'e2e', user: { username: 'admin', password: 'secret' } },
  ],
};

const print = (template: string) => parseJsonPath(template).print(doc);

describe('kubectl JSONPath, the cases of its documentation', () => {
  it('prints plain text around an action', () => {
    expect(print('kind is {.kind}')).toBe('kind is List');
  });
  it('reads children with dots and brackets', () => {
    expect(print('{.kind}')).toBe('List');
    expect(print("{['kind']}")).toBe('List');
  });
  it('descends recursively', () => {
    expect(print('{..name}')).toBe('127.0.0.1 127.0.0.2 myself e2e');
  });
  it('takes every element with a wildcard', () => {
    expect(print('{.items[*].metadata.name}')).toBe('127.0.0.1 127.0.0.2');
  });
  it('indexes and slices arrays', () => {
    expect(print('{.users[0].name}')).toBe('myself');
    expect(print('{.users[-1].name}')).toBe('e2e');
    expect(print('{.users[0:1].name}')).toBe('myself');
    expect(print('{.items[*].status.addresses[1:].address}')).toBe('127.0.0.3');
  });
  it('takes unions of fields', () => {
    expect(print("{.items[*]['metadata.name', 'kind']}")).toBe('None None');
    expect(print("{.users[*]['name','user']}")).toBe(
      'myself {} e2e {"username":"admin","password":"secret"}',
    );
  });
  it('filters', () => {
    expect(print('{.users[?(@.name=="e2e")].user.password}')).toBe('secret');
    expect(print('{.items[*].status.addresses[?(@.type!="LegacyHostIP")].address}')).toBe(
      '127.0.0.3',
    );
    expect(print('{.users[?(@.user.password)].name}')).toBe('e2e');
  });
  it('iterates with range and end', () => {
    expect(print('{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}')).toBe(
      '[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] ',
    );
    expect(print('{range .items[*]}{.metadata.name}{"\\t"}{end}')).toBe('127.0.0.1\t127.0.0.2\t');
    expect(print("{range .items[*]}{.metadata.name}{'\\n'}{end}")).toBe('127.0.0.1\n127.0.0.2\n');
  });
  it("reads every one-character escape of Go's quoted strings, as kubectl does", () => {
    // kubectl create configmap x --dry-run=client -o jsonpath='{"\a\v"}{.metadata.name}{"\f"}'
    // prints BEL, VT, x, FF.
    expect(print('{"\\a\\v"}{.items[0].kind}{"\\f\\b"}')).toBe('\x07\vNone\f\b');
  });
  it('reads escaped dots in a field name', () => {
    expect(print('{.items[0].metadata.labels.kubernetes\\.io/hostname}')).toBe('127.0.0.1');
  });
  it('nests ranges', () => {
    expect(
      print('{range .items[*]}{.metadata.name}:{range .status.addresses[*]}{.address},{end};{end}'),
    ).toBe('127.0.0.1:127.0.0.1,;127.0.0.2:127.0.0.2,127.0.0.3,;');
  });
  it('prints nothing for a missing field, as kubectl does', () => {
    expect(print('{.items[*].metadata.missing}')).toBe('');
    expect(print('a{.nope}b')).toBe('ab');
  });
  it('fails on a missing field when missing keys are not allowed', () => {
    expect(() => parseJsonPath('{.nope}', { allowMissingKeys: false }).print(doc)).toThrow(
      JsonPathError,
    );
  });
  it('rejects templates it cannot read with a typed error', () => {
    const bads = ['{.items[*}', '{range .items[*]}{.x}', '{end}', '{.a[x]}', '{"\\q"}', '{.a[.]}'];
    for (const bad of bads) {
      expect(() => parseJsonPath(bad), bad).toThrow(JsonPathError);
    }
  });
  it("names a template kubectl cannot read in kubectl's words, at the mistake kubectl names first", () => {
    // kubectl: error parsing jsonpath {.items[0, unterminated array
    expect(() => parseJsonPath('{.items[0')).toThrow('unterminated array in "{.items[0"');
  });
  it('compares numbers in filters', () => {
    const data = { items: [{ n: 1 }, { n: 5 }, { n: 10 }] };
    expect(parseJsonPath('{.items[?(@.n>4)].n}').print(data)).toBe('5 10');
    expect(parseJsonPath('{.items[?(@.n<=5)].n}').print(data)).toBe('1 5');
  });
  it('returns the selected values of each action', () => {
    expect(parseJsonPath('{.kind} {.users[*].name}').values(doc)).toEqual([
      ['List'],
      ['myself', 'e2e'],
    ]);
  });
  it('returns what each text and action gives, ranges expanded (kubectl jsonpath-as-json)', () => {
    const data = { items: [{ metadata: { name: 'gt-a' } }, { metadata: { name: 'gt-b' } }] };
    // kubectl 1.20.2 printed ["names: "], ["gt-a"], ["gt-b"] for this template.
    expect(parseJsonPath('names: {range .items[*]}{.metadata.name}{end}').results(data)).toEqual([
      ['names: '],
      ['gt-a'],
      ['gt-b'],
    ]);
  });
});
