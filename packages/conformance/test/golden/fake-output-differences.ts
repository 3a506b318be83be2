/**
 * Where `rxkube get` against FakeApiServer cannot print what kubectl printed against
 * kube-apiserver, by matrix id, with the reason. Each entry is asserted to still differ (so a
 * fix fails the test until its entry goes), and `managedFields` entries are compared in full
 * once the `managedFields` blocks are taken out of both sides.
 */
export const fakeOutputDifferences: Readonly<
  Record<string, { readonly kind: 'managedFields' | 'whole'; readonly why: string }>
> = {};

/** The text without its `managedFields` blocks (YAML or indented JSON), found by indentation. */
export function withoutManagedFields(text: string): string {
  const out: string[] = [];
  // The block being dropped: the indentation of its key, and whether it is JSON.
  let block: { readonly indent: number; readonly json: boolean } | undefined;
  for (const line of text.split('\n')) {
    if (block !== undefined) {
      const { indent, json } = block;
      const lineIndent = line.length - line.trimStart().length;
      const ends = json
        ? lineIndent === indent && /^\s*\]/.test(line)
        : lineIndent <= indent && !/^\s*- /.test(line.slice(indent));
      if (!ends) continue;
      block = undefined;
      // JSON's closing `]` belongs to the block; YAML's next key does not.
      if (json) continue;
    }
    const [, indent] = /^(\s*)"?managedFields"?:/.exec(line) ?? [];
    if (indent === undefined) {
      out.push(line);
      continue;
    }
    block = { indent: indent.length, json: line.includes('"managedFields"') };
  }
  return out.join('\n');
}
