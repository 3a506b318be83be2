import type { FakeApiServer } from '@rxkube/testing';
import { startTransition, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useCollection } from '../src/index.js';
import { pod, podsRef, providing, registryOf, startServer } from './support/fixtures.js';

/**
 * A transition renders many slow components that read the same collection, and the server
 * changes the collection while the first of them renders: React yields to the event loop between
 * components, so the event lands in the middle of the render. Every commit must still show one
 * state of the collection in every component (no tearing), which `useSyncExternalStore`
 * guarantees by rendering again when the store changed.
 */

const ROWS = 16;
/** How long each row takes to render: the transition spans several of React's 5 ms slices. */
const ROW_RENDER_MS = 2;
/** The row whose first render changes the collection on the server. */
const TRIGGER_ROW = 2;
const ROUNDS = 8;

let server: FakeApiServer;

interface RowEvents {
  /** After each commit of a row. */
  readonly onCommit: () => void;
  /** During the render of row TRIGGER_ROW. */
  readonly onTrigger: () => void;
}

/** A slow component: the size of the collection. */
function Row(props: RowEvents & { index: number }) {
  const pods = useCollection(podsRef);
  if (props.index === TRIGGER_ROW) props.onTrigger();
  const until = performance.now() + ROW_RENDER_MS;
  while (performance.now() < until) {
    // rendering takes time
  }
  const { onCommit } = props;
  useLayoutEffect(() => onCommit());
  return <span data-row>{pods.items.size}</span>;
}

const rowIds = Array.from({ length: ROWS }, (_, i) => `row-${i}`);

function App(props: RowEvents & { onShow: (set: (value: boolean) => void) => void }) {
  const [rows, setRows] = useState(false);
  props.onShow(setRows);
  const pods = useCollection(podsRef);
  return (
    <>
      <p data-status>{`${pods.health.status} ${pods.items.size}`}</p>
      {rows &&
        rowIds.map((id, index) => (
          <Row key={id} index={index} onCommit={props.onCommit} onTrigger={props.onTrigger} />
        ))}
    </>
  );
}
const globals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean | undefined };
let actEnvironment: boolean | undefined;

beforeAll(() => {
  // Real scheduling (time slicing), as in a browser: no act() batching.
  actEnvironment = globals.IS_REACT_ACT_ENVIRONMENT;
  globals.IS_REACT_ACT_ENVIRONMENT = false;
});

afterAll(() => {
  globals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

beforeEach(async () => {
  server = await startServer(pod('a', 'p0'));
});

afterEach(async () => {
  await server.close();
});

describe('concurrent rendering', () => {
  it('never commits two states of one collection at once, with an event arriving mid-render', async () => {
    const container = document.createElement('div');
    const commits: string[][] = [];
    const trigger = { pending: 0, created: 0 };
    const onCommit = () => {
      const shown = [...container.querySelectorAll('[data-row]')].map((e) => e.textContent ?? '');
      commits.push([...new Set(shown)]);
    };
    const onTrigger = () => {
      if (trigger.pending === 0) return;
      trigger.pending--;
      server.create(podsRef, pod('a', `mid-render-${++trigger.created}`));
    };
    let show: (value: boolean) => void = () => {};
    const Providing = providing(registryOf(server));
    const root = createRoot(container);
    root.render(
      <Providing>
        <App onShow={(set) => (show = set)} onCommit={onCommit} onTrigger={onTrigger} />
      </Providing>,
    );
    const status = () => container.querySelector('[data-status]')?.textContent;
    await server.waitFor(() => status() === 'live 1');
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        trigger.pending = 1;
        startTransition(() => show(true));
        const size = 1 + round;
        await server.waitFor(
          () =>
            status() === `live ${size}` &&
            [...container.querySelectorAll('[data-row]')].filter((e) => e.textContent === `${size}`)
              .length === ROWS,
        );
        startTransition(() => show(false));
        await server.waitFor(() => container.querySelectorAll('[data-row]').length === 0);
      }
    } finally {
      root.unmount();
    }
    expect(commits.length).toBeGreaterThanOrEqual(ROUNDS * ROWS);
    expect(commits.filter((shown) => shown.length > 1)).toEqual([]);
  });
});
