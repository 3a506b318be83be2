import { FakeApiError } from '../../fake-api-error.js';
import type { WatchListGate } from '../http/server-env.js';
import type { ResourceType } from '../resources/resource-type.js';
import { type FieldSelector, parseFieldSelector } from '../selectors/field-selector.js';
import {
  type LabelSelector,
  parseLabelSelector,
  SelectorParseError,
} from '../selectors/label-selector.js';
import type { FieldError } from '../status.js';
import * as status from '../status.js';

/** The list/watch query parameters of one request, parsed. */
export interface ListOptions {
  readonly watch: boolean;
  readonly resourceVersion: string | undefined;
  readonly resourceVersionMatch: string | undefined;
  readonly limit: number;
  readonly continue: string | undefined;
  readonly labelSelector: LabelSelector;
  readonly fieldSelector: FieldSelector;
  /** Whether the selectors are both empty (lists then report `remainingItemCount`). */
  readonly unfiltered: boolean;
  readonly allowWatchBookmarks: boolean;
  /** Present only when the parameter was sent. */
  readonly sendInitialEvents: boolean | undefined;
  readonly timeoutSeconds: number | undefined;
}

/** Go's strconv.ParseBool. */
function parseBool(value: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return undefined;
}

function boolParam(query: URLSearchParams, name: string): boolean | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  const parsed = parseBool(value);
  if (parsed === undefined) throw new FakeApiError(status.badRequest(`${name} must be a boolean`));
  return parsed;
}

function intParam(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n)) {
    throw new FakeApiError(status.badRequest(`${name} must be a non-negative integer`));
  }
  return n;
}

/**
 * Parses and validates list/watch parameters. Throws the Status to answer with: 400 for
 * malformed values and selectors, 422 for forbidden combinations: 1.27+'s rules when
 * `sendInitialEvents` is a list option (k8s.io/apimachinery
 * pkg/apis/meta/internalversion/validation `ValidateListOptions`, `validateWatchOptions`: with the
 * WatchList gate off a streaming list is refused), else 1.20's (the parameter is ignored and
 * `resourceVersionMatch` is forbidden on every watch).
 */
export function parseListOptions(
  query: URLSearchParams,
  type: ResourceType,
  forceWatch: boolean,
  watchList: WatchListGate,
): ListOptions {
  const watch = forceWatch || (boolParam(query, 'watch') ?? false);
  const resourceVersion = query.get('resourceVersion') || undefined;
  const resourceVersionMatch = query.get('resourceVersionMatch') || undefined;
  const cont = query.get('continue') || undefined;
  const known = watchList !== 'unknown';
  const sendInitialEvents = known ? boolParam(query, 'sendInitialEvents') : undefined;
  const errors: FieldError[] = [];
  const forbid = (detail: string) =>
    errors.push({ type: 'Forbidden', field: 'resourceVersionMatch', detail });

  if (watch && known) {
    if (sendInitialEvents !== undefined && resourceVersionMatch !== 'NotOlderThan') {
      forbid('sendInitialEvents requires setting resourceVersionMatch to NotOlderThan');
    }
    if (sendInitialEvents !== undefined && watchList === 'off') {
      errors.push({
        type: 'Forbidden',
        field: 'sendInitialEvents',
        detail:
          'sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
      });
    }
    if (resourceVersionMatch !== undefined) {
      if (sendInitialEvents === undefined) {
        forbid('resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided');
      }
      if (resourceVersionMatch !== 'NotOlderThan') {
        errors.push({
          type: 'NotSupported',
          field: 'resourceVersionMatch',
          value: resourceVersionMatch,
          supported: ['NotOlderThan'],
        });
      }
      if (cont !== undefined) forbid('resourceVersionMatch is forbidden when continue is provided');
    }
  } else {
    if (resourceVersionMatch !== undefined) {
      if (watch) forbid('resourceVersionMatch is forbidden for watch');
      if (resourceVersion === undefined) {
        forbid('resourceVersionMatch is forbidden unless resourceVersion is provided');
      }
      if (cont !== undefined) forbid('resourceVersionMatch is forbidden when continue is provided');
      if (resourceVersionMatch !== 'Exact' && resourceVersionMatch !== 'NotOlderThan') {
        errors.push({
          type: 'NotSupported',
          field: 'resourceVersionMatch',
          value: resourceVersionMatch,
          supported: ['Exact', 'NotOlderThan', ''],
        });
      }
      if (resourceVersionMatch === 'Exact' && resourceVersion === '0') {
        forbid('resourceVersionMatch "exact" is forbidden for resourceVersion "0"');
      }
    }
    if (!watch && sendInitialEvents !== undefined) {
      errors.push({
        type: 'Forbidden',
        field: 'sendInitialEvents',
        detail: 'sendInitialEvents is forbidden for list',
      });
    }
  }
  if (errors.length > 0) throw new FakeApiError(status.invalidListOptions(errors));

  let labelSelector: LabelSelector;
  let fieldSelector: FieldSelector;
  try {
    labelSelector = parseLabelSelector(query.get('labelSelector') ?? '');
    fieldSelector = parseFieldSelector(query.get('fieldSelector') ?? '');
  } catch (error) {
    if (error instanceof SelectorParseError)
      throw new FakeApiError(status.badRequest(error.message));
    throw error;
  }
  for (const requirement of fieldSelector) {
    if (!type.selectableFields.has(requirement.field)) {
      throw new FakeApiError(status.badRequest(`field label not supported: ${requirement.field}`));
    }
  }
  return {
    watch,
    resourceVersion,
    resourceVersionMatch,
    limit: intParam(query, 'limit') ?? 0,
    continue: cont,
    labelSelector,
    fieldSelector,
    unfiltered: labelSelector.length === 0 && fieldSelector.length === 0,
    allowWatchBookmarks: boolParam(query, 'allowWatchBookmarks') ?? false,
    sendInitialEvents,
    timeoutSeconds: intParam(query, 'timeoutSeconds'),
  };
}
