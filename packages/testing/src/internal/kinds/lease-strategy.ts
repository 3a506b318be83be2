import { FakeApiError } from '../../fake-api-error.js';
import { isJsonObject, type JsonObject } from '../json/json-value.js';
import * as status from '../status.js';

/** `metav1.MicroTime` as kube-apiserver 1.20 decodes it: exactly six fractional digits. */
const MICRO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}(Z|[+-]\d\d:\d\d)$/;

/** LeaseSpec's fields in Go's order (how kube-apiserver serializes them). */
const SPEC_ORDER = [
  'holderIdentity',
  'leaseDurationSeconds',
  'acquireTime',
  'renewTime',
  'leaseTransitions',
];

/** 422 with a number as Go prints it (unquoted, unlike a string value). */
function invalid(name: string, field: string, value: number, detail: string): never {
  const message = `Invalid value: ${value}: ${detail}`;
  throw new FakeApiError(
    status.failure(
      422,
      'Invalid',
      `Lease.coordination.k8s.io "${name}" is invalid: ${field}: ${message}`,
      {
        name,
        group: 'coordination.k8s.io',
        kind: 'Lease',
        causes: [{ reason: 'FieldValueInvalid', message, field }],
      },
    ),
  );
}

/**
 * Checks and orders a Lease the way kube-apiserver 1.20 does: `acquireTime` and `renewTime` are
 * MicroTimes (`2006-01-02T15:04:05.000000Z07:00`, anything else is a 400 from the decoder),
 * `leaseDurationSeconds` must be greater than 0 and `leaseTransitions` not negative (422).
 */
export function checkLease(object: JsonObject): void {
  const spec = isJsonObject(object.spec) ? object.spec : undefined;
  if (spec === undefined) return;
  for (const [field, goField] of [
    ['acquireTime', 'AcquireTime'],
    ['renewTime', 'RenewTime'],
  ] as const) {
    const value = spec[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || !MICRO_TIME.test(value)) {
      throw new FakeApiError(
        status.badRequest(
          `Lease in version "v1" cannot be handled as a Lease: v1.Lease.Spec: v1.LeaseSpec.${goField}: unmarshalerDecoder: parsing time ${JSON.stringify(String(value))} as "2006-01-02T15:04:05.000000Z07:00"`,
        ),
      );
    }
  }
  const name = String((object.metadata as JsonObject | undefined)?.name ?? '');
  const duration = spec.leaseDurationSeconds;
  if (typeof duration === 'number' && duration <= 0) {
    invalid(name, 'spec.leaseDurationSeconds', duration, 'must be greater than 0');
  }
  const transitions = spec.leaseTransitions;
  if (typeof transitions === 'number' && transitions < 0) {
    invalid(name, 'spec.leaseTransitions', transitions, 'must be greater than or equal to 0');
  }
  const ordered: JsonObject = {};
  for (const key of SPEC_ORDER) if (spec[key] !== undefined) ordered[key] = spec[key];
  for (const key of Object.keys(spec)) if (!(key in ordered)) ordered[key] = spec[key];
  object.spec = ordered;
}
