import { describe, expect, it } from 'vitest';
import { connectionHelp } from '../src/connection-help.js';

describe('connectionHelp', () => {
  it('continues the line of the default when told', () => {
    expect(connectionHelp(14, 'and more').split('\n').slice(0, 3)).toEqual([
      '  (default)   an embedded API server with churning pods, in this process,',
      '              and more',
      '  --real      the current context of your kubeconfig (also: KUBECONFIG set)',
    ]);
  });

  it('names every cluster flag, each padded to the width', () => {
    const lines = connectionHelp(25)
      .split('\n')
      .filter((line) => line !== '');
    expect(lines.map((line) => line.slice(0, 25).trim())).toEqual([
      '(default)',
      '--real',
      '--kubeconfig <file>',
      '--context <name>',
      '--embedded',
      '-n, --namespace <ns>',
      '-A, --all-namespaces',
    ]);
    for (const line of lines) expect(line.charAt(24) === ' ' && line.charAt(25) !== ' ').toBe(true);
  });
});
