/** The flags every example reads to choose its cluster, with their meanings. */
const CONNECTION_FLAGS: readonly (readonly [string, string])[] = [
  ['(default)', 'an embedded API server with churning pods, in this process'],
  ['--real', 'the current context of your kubeconfig (also: KUBECONFIG set)'],
  ['--kubeconfig <file>', 'this kubeconfig file alone'],
  ['--context <name>', 'another context of the kubeconfig'],
  ['--embedded', 'the embedded server even when KUBECONFIG is set'],
  ['-n, --namespace <ns>', "one namespace (real cluster default: the context's)"],
  ['-A, --all-namespaces', 'every namespace (embedded default)'],
];

/**
 * The help lines of the cluster flags (`parseExampleArgs`), each flag padded to `width` columns
 * after two spaces of indent, for an example's usage text; `embeddedMore` continues the line of
 * the default (what the example does on its embedded server).
 *
 * @example
 * ```ts
 * import { connectionHelp } from './connection-help.js';
 * console.log(`Usage: example [options]\n\n${connectionHelp(25)}`);
 * ```
 */
export function connectionHelp(width: number, embeddedMore?: string): string {
  const line = (flag: string, text: string) => `  ${flag.padEnd(width - 2)}${text}\n`;
  return CONNECTION_FLAGS.map(([flag, meaning]) =>
    flag === '(default)' && embeddedMore !== undefined
      ? line(flag, `${meaning},`) + line('', embeddedMore)
      : line(flag, meaning),
  ).join('');
}
