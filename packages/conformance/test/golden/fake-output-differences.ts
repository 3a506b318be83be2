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
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const match = /^(\s*)"?managedFields"?:/.exec(line);
    if (!match) {
      out.push(line);
      continue;
    }
    const indent = match[1]!.length;
    const json = line.includes('"managedFields"');
    i++;
    while (i < lines.length) {
      const next = lines[i]!;
      const nextIndent = /^\s*/.exec(next)![0].length;
      if (
        json
          ? nextIndent === indent && /^\s*\]/.test(next)
          : nextIndent <= indent && !/^\s*- /.test(next.slice(indent))
      ) {
        if (!json) i--;
        break;
      }
      i++;
    }
  }
  return out.join('\n');
}
