import { describe, expect, it } from 'vitest';
import { CliError } from '../src/internal/cli-error.js';
import {
  customColumnLines,
  parseCustomColumns,
  parseCustomColumnsFile,
} from '../src/internal/print/custom-columns.js';
import { tabWriter } from '../src/internal/print/tab-writer.js';

const pods = [
  {
    metadata: { name: 'coredns-1', resourceVersion: '42' },
    spec: {
      containers: [{ image: 'registry.k8s.io/coredns:1.6.2' }, { image: 'busybox:1.36' }],
    },
  },
  { metadata: { name: 'web', resourceVersion: '7' }, spec: { containers: [{ image: 'nginx' }] } },
];

const print = (spec: string, objects: unknown[] = pods, noHeaders = false) =>
  tabWriter(customColumnLines(parseCustomColumns(spec), objects, noHeaders));

// The cases of kubectl's documentation (kubectl get --help; the kubectl reference).
describe('custom columns, as kubectl reads them', () => {
  it('prints NAME:.metadata.name,RSRC:.metadata.resourceVersion', () => {
    expect(print('NAME:.metadata.name,RSRC:.metadata.resourceVersion')).toBe(
      'NAME        RSRC\ncoredns-1   42\nweb         7\n',
    );
  });

  it('reads the same columns from a template file', () => {
    const columns = parseCustomColumnsFile(
      'NAME          RSRC\nmetadata.name metadata.resourceVersion\n',
    );
    expect(columns).toEqual([
      { header: 'NAME', path: 'metadata.name' },
      { header: 'RSRC', path: 'metadata.resourceVersion' },
    ]);
    expect(tabWriter(customColumnLines(columns, pods, false))).toBe(
      'NAME        RSRC\ncoredns-1   42\nweb         7\n',
    );
  });

  it('joins several values with commas: DATA:spec.containers[*].image', () => {
    expect(print('DATA:spec.containers[*].image', pods, true)).toBe(
      'registry.k8s.io/coredns:1.6.2,busybox:1.36\nnginx\n',
    );
  });

  it('filters: DATA:spec.containers[?(@.image!="registry.k8s.io/coredns:1.6.2")].image', () => {
    expect(
      print('DATA:spec.containers[?(@.image!="registry.k8s.io/coredns:1.6.2")].image', pods, true),
    ).toBe('busybox:1.36\nnginx\n');
  });

  it('prints <none> for a missing field and Go-style maps', () => {
    expect(print('NAME:.metadata.name,NODE:.spec.nodeName,META:.metadata', pods.slice(1, 2))).toBe(
      'NAME   NODE     META\nweb    <none>   map[name:web resourceVersion:7]\n',
    );
  });

  it('rejects a spec without a header or a path, and a file whose lines disagree', () => {
    for (const bad of ['NAME', 'NAME:', ':.metadata.name']) {
      expect(() => parseCustomColumns(bad), bad).toThrow(CliError);
    }
    expect(() => parseCustomColumnsFile('A B\n.a\n')).toThrow(
      'number of headers (2) does not match number of columns (1)',
    );
  });
});

describe('tabWriter, as kubectl pads its tables', () => {
  it('pads every cell but the last of a line to its column width plus three spaces', () => {
    expect(
      tabWriter([
        ['NAME', 'AGE'],
        ['a-long-name', '5s'],
      ]),
    ).toBe('NAME          AGE\na-long-name   5s\n');
  });

  it('keeps the padding before an empty last cell, as Go tabwriter does', () => {
    expect(
      tabWriter([
        ['NAME', 'APP', 'TIER'],
        ['web', 'batch', ''],
      ]),
    ).toBe('NAME   APP     TIER\nweb    batch   \n');
  });

  it('pads a narrow column to six characters, as kubectl does with --no-headers', () => {
    // kubectl 1.32.3, `get pods --no-headers`: RESTARTS is "0" and its padding makes it six wide.
    expect(tabWriter([['web-0', '1/1', 'Running', '0', '5s']])).toBe(
      'web-0   1/1   Running   0     5s\n',
    );
    expect(
      tabWriter([
        ['', 'x'],
        ['a', 'y'],
      ]),
    ).toBe('      x\na     y\n');
  });

  it('keeps the widths of earlier lines when asked to remember them, as kubectl -w does', () => {
    const remembered: number[] = [];
    expect(
      tabWriter(
        [
          ['NAME', 'AGE'],
          ['a-long-name', '5s'],
        ],
        remembered,
      ),
    ).toBe('NAME          AGE\na-long-name   5s\n');
    expect(tabWriter([['b', '1s']], remembered)).toBe('b             1s\n');
    expect(tabWriter([['an-even-longer-name', '1s']], remembered)).toBe(
      'an-even-longer-name   1s\n',
    );
    expect(remembered).toEqual([22]);
  });

  it('counts characters, not bytes', () => {
    expect(
      tabWriter([
        ['ÅÄÖ', 'x'],
        ['a', 'y'],
      ]),
    ).toBe('ÅÄÖ   x\na     y\n');
  });
});
