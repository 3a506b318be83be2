import type { JsonObject } from '../json/json-value.js';

/** core/v1 Event's fields in Go's order, with what a zero value serializes to (`undefined`: omitted). */
const EVENT_FIELDS: readonly (readonly [string, unknown])[] = [
  ['involvedObject', {}],
  ['reason', undefined],
  ['message', undefined],
  ['source', {}],
  ['firstTimestamp', null],
  ['lastTimestamp', null],
  ['count', undefined],
  ['type', undefined],
  ['eventTime', null],
  ['series', undefined],
  ['action', undefined],
  ['related', undefined],
  ['reportingComponent', ''],
  ['reportingInstance', ''],
];

/**
 * A core/v1 Event as kube-apiserver 1.20 stores it: its fields in Go's order, the ones without
 * `omitempty` always present (`eventTime: null`, `reportingComponent: ""`, …). Runs after the
 * field manager, which records none of these zero values.
 */
export function serializeEvent(object: JsonObject): void {
  const values = new Map(Object.entries(object));
  for (const key of Object.keys(object)) {
    if (key !== 'kind' && key !== 'apiVersion' && key !== 'metadata') delete object[key];
  }
  for (const [key, zero] of EVENT_FIELDS) {
    const value = values.has(key) ? values.get(key) : zero;
    if (value !== undefined) object[key] = value;
    values.delete(key);
  }
  for (const [key, value] of values) {
    if (key !== 'kind' && key !== 'apiVersion' && key !== 'metadata') object[key] = value;
  }
}
