/**
 * The `apiVersion` of a group version, as objects and discovery write it: `apps/v1`, or `v1` for
 * the core API (group absent or `''`).
 */
export function groupVersion(ref: { readonly group?: string; readonly version: string }): string {
  return ref.group ? `${ref.group}/${ref.version}` : ref.version;
}
