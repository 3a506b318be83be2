import type { StoredObject } from './stored-object.js';

/** A committed change of one object, shared by the history and every watcher. */
export interface StoreEvent {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED';
  readonly revision: number;
  readonly key: string;
  /** The new state; for DELETED the last state, carrying the deletion's version. */
  readonly object: StoredObject;
  /** The state before the change (undefined for ADDED). */
  readonly previous: StoredObject | undefined;
  /** Cached wire lines, built on first use and shared by every watcher. */
  lines?: { own?: string; added?: string; deletedPrevious?: string };
}

/** `{"type":"X","object":{...}}\n`: one watch line around a serialized object. */
export function watchLine(type: string, json: string): string {
  return `{"type":"${type}","object":${json}}\n`;
}

/** The event's own line, serialized once however many watchers receive it. */
export function ownLine(event: StoreEvent): string {
  event.lines ??= {};
  event.lines.own ??= watchLine(event.type, event.object.json);
  return event.lines.own;
}

/** ADDED for the new state: the object started to match a watcher's selector. */
export function addedLine(event: StoreEvent): string {
  event.lines ??= {};
  event.lines.added ??= watchLine('ADDED', event.object.json);
  return event.lines.added;
}

/**
 * DELETED for the previous state at the event's version: the object stopped matching a watcher's
 * selector (as kube-apiserver's watch cache reports it).
 */
export function deletedPreviousLine(event: StoreEvent, renderedVersion: string): string {
  event.lines ??= {};
  if (event.lines.deletedPrevious === undefined) {
    if (event.previous === undefined) {
      throw new Error(`the event at ${renderedVersion} has no previous state to delete`);
    }
    const previous = JSON.parse(event.previous.json) as { metadata: Record<string, unknown> };
    previous.metadata.resourceVersion = renderedVersion;
    event.lines.deletedPrevious = watchLine('DELETED', JSON.stringify(previous));
  }
  return event.lines.deletedPrevious;
}
