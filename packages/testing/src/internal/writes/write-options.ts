import { FakeApiError } from '../../fake-api-error.js';
import { DEFAULTS } from '../defaults.js';
import * as status from '../status.js';

/** Which options kind a write's query parameters decode into (named in 422 messages). */
export type OptionsKind = 'CreateOptions' | 'UpdateOptions' | 'PatchOptions' | 'DeleteOptions';

/** The query parameters every write shares, checked as kube-apiserver 1.20 checks them. */
export interface WriteOptions {
  readonly dryRun: boolean;
  /** `?fieldManager=`, `undefined` when absent or empty. */
  readonly fieldManager: string | undefined;
  /** `?force=` of a patch: `undefined` when absent. */
  readonly force: boolean | undefined;
}

/** What Go's strconv.ParseBool takes for true. */
const TRUE_VALUES = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);

interface Cause {
  readonly reason: string;
  readonly message: string;
  readonly field: string;
}

/** Go's `%#v` of a []string: `[]string{"x", "All"}`. */
function goStrings(values: readonly string[]): string {
  return `[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}`;
}

/**
 * Reads `dryRun`, `fieldManager` and `force` and answers 422 Invalid (`PatchOptions.meta.k8s.io
 * "" is invalid: ...`) as kube-apiserver 1.20 does: `dryRun` may only be `All`; `fieldManager`
 * at most 128 bytes and required for an apply patch; `force` only on an apply patch.
 */
export function writeOptions(
  query: URLSearchParams,
  kind: OptionsKind,
  apply = false,
): WriteOptions {
  const dryRun = query.getAll('dryRun');
  const fieldManager = query.get('fieldManager') ?? '';
  const forceText = query.get('force');
  const causes: Cause[] = [];
  if (kind === 'PatchOptions') {
    if (!apply && forceText !== null) {
      causes.push({
        reason: 'FieldValueForbidden',
        message: 'Forbidden: may not be specified for non-apply patch',
        field: 'force',
      });
    }
    if (apply && fieldManager === '') {
      causes.push({
        reason: 'FieldValueRequired',
        message: 'Required value: is required for apply patch',
        field: 'fieldManager',
      });
    }
  }
  if (Buffer.byteLength(fieldManager) > DEFAULTS.fieldManagerMaxLength) {
    causes.push({
      reason: 'FieldValueTooLong',
      message: `Too long: must have at most ${DEFAULTS.fieldManagerMaxLength} bytes`,
      field: 'fieldManager',
    });
  }
  if (dryRun.length > 0 && !(dryRun.length === 1 && dryRun[0] === 'All')) {
    causes.push({
      reason: 'FieldValueNotSupported',
      message: `Unsupported value: ${goStrings(dryRun)}: supported values: "All"`,
      field: 'dryRun',
    });
  }
  if (causes.length > 0) {
    const texts = causes.map((c) => `${c.field}: ${c.message}`);
    const aggregate = texts.length === 1 ? texts[0] : `[${texts.join(', ')}]`;
    throw new FakeApiError(
      status.failure(422, 'Invalid', `${kind}.meta.k8s.io "" is invalid: ${aggregate}`, {
        group: 'meta.k8s.io',
        kind,
        causes,
      }),
    );
  }
  return {
    dryRun: dryRun.length === 1,
    fieldManager: fieldManager === '' ? undefined : fieldManager,
    force: forceText === null ? undefined : TRUE_VALUES.has(forceText),
  };
}
