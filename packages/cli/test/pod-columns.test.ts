import type { KubeObject } from '@rxkube/core';
import { describe, expect, it } from 'vitest';
import { podColumns } from '../src/index.js';

const now = Date.parse('2025-01-01T12:00:00Z');
const running = { running: { startedAt: '2025-01-01T11:00:00Z' } };

function pod(spec: object, status: object, metadata: object = {}): KubeObject {
  return { metadata: { name: 'p', ...metadata }, spec, status } as KubeObject;
}

const one = { containers: [{ name: 'app' }] };
const two = { containers: [{ name: 'app' }, { name: 'sidecar' }] };

describe('podColumns, as kubectl get pods shows a pod', () => {
  const cases: [string, KubeObject, { ready: string; status: string; restarts: string }][] = [
    [
      'a running, ready pod',
      pod(one, {
        phase: 'Running',
        containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: running }],
      }),
      { ready: '1/1', status: 'Running', restarts: '0' },
    ],
    [
      'a pending pod whose containers are being created',
      pod(two, {
        phase: 'Pending',
        containerStatuses: [
          { name: 'app', ready: false, state: { waiting: { reason: 'ContainerCreating' } } },
          { name: 'sidecar', ready: false, state: { waiting: { reason: 'ContainerCreating' } } },
        ],
      }),
      { ready: '0/2', status: 'ContainerCreating', restarts: '0' },
    ],
    [
      'a crash-looping container, with the age of its last restart',
      pod(two, {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'app',
            ready: false,
            restartCount: 5,
            state: { waiting: { reason: 'CrashLoopBackOff' } },
            lastState: { terminated: { exitCode: 1, finishedAt: '2025-01-01T11:57:00Z' } },
          },
          { name: 'sidecar', ready: true, restartCount: 1, state: running },
        ],
      }),
      { ready: '1/2', status: 'CrashLoopBackOff', restarts: '6 (3m ago)' },
    ],
    [
      'a container that exited without a reason',
      pod(one, {
        phase: 'Running',
        containerStatuses: [{ name: 'app', state: { terminated: { exitCode: 137 } } }],
      }),
      { ready: '0/1', status: 'ExitCode:137', restarts: '0' },
    ],
    [
      'a container killed by a signal',
      pod(one, {
        phase: 'Running',
        containerStatuses: [{ name: 'app', state: { terminated: { exitCode: 0, signal: 9 } } }],
      }),
      { ready: '0/1', status: 'Signal:9', restarts: '0' },
    ],
    [
      'a pod waiting for its second init container',
      pod(
        { ...one, initContainers: [{ name: 'migrate' }, { name: 'warm' }] },
        {
          phase: 'Pending',
          initContainerStatuses: [
            { name: 'migrate', state: { terminated: { exitCode: 0, reason: 'Completed' } } },
            { name: 'warm', state: { running: {} } },
          ],
          containerStatuses: [{ name: 'app', state: { waiting: { reason: 'PodInitializing' } } }],
        },
      ),
      { ready: '0/1', status: 'Init:1/2', restarts: '0' },
    ],
    [
      'an init container crash-looping',
      pod(
        { ...one, initContainers: [{ name: 'migrate' }] },
        {
          phase: 'Pending',
          initContainerStatuses: [
            {
              name: 'migrate',
              restartCount: 3,
              state: { waiting: { reason: 'CrashLoopBackOff' } },
            },
          ],
        },
      ),
      { ready: '0/1', status: 'Init:CrashLoopBackOff', restarts: '3' },
    ],
    [
      'a failed init container',
      pod(
        { ...one, initContainers: [{ name: 'migrate' }] },
        {
          phase: 'Pending',
          initContainerStatuses: [{ name: 'migrate', state: { terminated: { exitCode: 2 } } }],
        },
      ),
      { ready: '0/1', status: 'Init:ExitCode:2', restarts: '0' },
    ],
    [
      'a started sidecar (restartable init container), which counts as a container',
      pod(
        { ...one, initContainers: [{ name: 'proxy', restartPolicy: 'Always' }] },
        {
          phase: 'Running',
          conditions: [{ type: 'Initialized', status: 'True' }],
          initContainerStatuses: [
            { name: 'proxy', ready: true, started: true, restartCount: 2, state: running },
          ],
          containerStatuses: [{ name: 'app', ready: true, state: running }],
        },
      ),
      { ready: '2/2', status: 'Running', restarts: '2' },
    ],
    [
      'a pod being deleted',
      pod(
        one,
        {
          phase: 'Running',
          containerStatuses: [{ name: 'app', ready: true, state: running }],
        },
        { deletionTimestamp: '2025-01-01T11:59:00Z' },
      ),
      { ready: '1/1', status: 'Terminating', restarts: '0' },
    ],
    [
      'a pod being deleted on a lost node',
      pod(
        one,
        { phase: 'Running', reason: 'NodeLost' },
        { deletionTimestamp: '2025-01-01T11:59:00Z' },
      ),
      { ready: '0/1', status: 'Unknown', restarts: '0' },
    ],
    [
      'a completed pod being deleted, which stays Completed',
      pod(
        one,
        {
          phase: 'Succeeded',
          containerStatuses: [
            { name: 'app', state: { terminated: { exitCode: 0, reason: 'Completed' } } },
          ],
        },
        { deletionTimestamp: '2025-01-01T11:59:00Z' },
      ),
      { ready: '0/1', status: 'Completed', restarts: '0' },
    ],
    [
      'a completed container next to a running one, on a ready pod',
      pod(two, {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'True' }],
        containerStatuses: [
          { name: 'app', state: { terminated: { exitCode: 0, reason: 'Completed' } } },
          { name: 'sidecar', ready: true, state: running },
        ],
      }),
      { ready: '1/2', status: 'Running', restarts: '0' },
    ],
    [
      'the same, on a pod that is not ready',
      pod(two, {
        phase: 'Running',
        containerStatuses: [
          { name: 'app', state: { terminated: { exitCode: 0, reason: 'Completed' } } },
          { name: 'sidecar', ready: true, state: running },
        ],
      }),
      { ready: '1/2', status: 'NotReady', restarts: '0' },
    ],
    [
      'an evicted pod, by its reason',
      pod(one, { phase: 'Failed', reason: 'Evicted' }),
      { ready: '0/1', status: 'Evicted', restarts: '0' },
    ],
    [
      'a pod whose scheduling is gated',
      pod(one, {
        phase: 'Pending',
        conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }],
      }),
      { ready: '0/1', status: 'SchedulingGated', restarts: '0' },
    ],
  ];

  it.each(cases)('shows %s', (_, object, expected) => {
    expect(podColumns(object, now)).toEqual(expected);
  });
});
