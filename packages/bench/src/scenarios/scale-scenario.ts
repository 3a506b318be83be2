import { FakeApiServer, type FakeObject, realisticPod } from '@rxkube/testing';
import type { Figure } from '../report/figure.js';
import type { ScaleRef } from '../scale/scale-messages.js';
import type { BenchContext } from './bench-context.js';
import { type Layout, measureLayout } from './measure-layout.js';
import { withRatios } from './with-ratios.js';

/** Objects in each collection: small, so that the figures show the collections' own cost. */
export const OBJECTS_PER_COLLECTION = 10;
const SECTION = 'Many collections in one process (FakeApiServer, HTTP/1.1)';
const KINDS = 30;
const GROUP = 'bench.rxkube.dev';

function podIn(namespace: string, index: number, round: number): FakeObject {
  const pod = realisticPod(index);
  pod.metadata.namespace = namespace;
  pod.metadata.name = `pod-${index % OBJECTS_PER_COLLECTION}`;
  pod.metadata.annotations = { 'bench.rxkube.dev/round': String(round) };
  return pod;
}

function namespaces(server: FakeApiServer, count: number): Layout {
  const pods = { version: 'v1', resource: 'pods' } as const;
  const refs: ScaleRef[] = [];
  for (let i = 0; i < count; i++) {
    const namespace = `ns-${i}`;
    server.bulkCreate(
      pods,
      Array.from({ length: OBJECTS_PER_COLLECTION }, (_, j) => podIn(namespace, j, 0)),
    );
    refs.push({ ...pods, namespace });
  }
  return {
    label: `${count} namespaces of pods`,
    refs,
    change: (i, round) => {
      server.update(pods, podIn(`ns-${i}`, round % OBJECTS_PER_COLLECTION, round));
    },
  };
}

function kinds(server: FakeApiServer): Layout {
  const refs: ScaleRef[] = [];
  const object = (name: string, round: number) => ({
    metadata: { name, namespace: 'default' },
    spec: { round, text: 'x'.repeat(200) },
  });
  for (let i = 0; i < KINDS; i++) {
    const ref = { group: GROUP, version: 'v1', resource: `kind${i}s` };
    server.registerResource({ ...ref, kind: `Kind${i}`, namespaced: true });
    server.bulkCreate(
      ref,
      Array.from({ length: OBJECTS_PER_COLLECTION }, (_, j) => object(`o-${j}`, 0)),
    );
    refs.push(ref);
  }
  return {
    label: `${KINDS} kinds`,
    refs,
    change: (i, round) => {
      const ref = refs[i];
      if (ref === undefined) throw new Error(`collection ${i} is not one of the ${refs.length}`);
      server.update(ref, object(`o-${round % OBJECTS_PER_COLLECTION}`, round));
    },
  };
}

/**
 * Many live collections in one process against FakeApiServer: 10 and 100 namespaces of pods,
 * and 30 kinds. Each in a fresh client process over one client: sockets, timers and heap per
 * collection once synced, CPU time per collection at rest, and CPU time per change while every
 * collection's objects change. The 100-namespace figures are given against the 10-namespace
 * ones: a flat cost per collection is a ratio of 1.
 *
 * @example
 * ```ts
 * const figures = await scaleScenario(context);
 * ```
 */
export async function scaleScenario(context: BenchContext): Promise<Figure[]> {
  const figures: Figure[] = [];
  const layouts = [
    (server: FakeApiServer) => namespaces(server, 10),
    (server: FakeApiServer) => namespaces(server, 100),
    kinds,
  ];
  for (const make of layouts) {
    const server = await FakeApiServer.start();
    try {
      const layout = make(server);
      figures.push(
        ...(await measureLayout(
          context,
          layout,
          { url: server.url, refs: layout.refs },
          SECTION,
          () => server.openConnections,
        )),
      );
    } finally {
      await server.close();
    }
  }
  return withRatios(figures, '10 namespaces of pods');
}
