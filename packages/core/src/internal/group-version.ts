/**
 * The `apiVersion` of a group version, as objects and discovery write it: `apps/v1`, or `v1` for
 * the core API (group absent or `''`).
 */
export function groupVersion(ref: { readonly group?: string; readonly version: string }): string {
  return ref.group ? `${ref.group}/${ref.version}` : ref.version;
}

/** The discovery path of a group version: `/apis/apps/v1`, or `/api/v1` for the core API. */
export function groupVersionPath(gv: {
  readonly group?: string;
  readonly version: string;
}): string {
  return gv.group ? `/apis/${gv.group}/${gv.version}` : `/api/${gv.version}`;
}
