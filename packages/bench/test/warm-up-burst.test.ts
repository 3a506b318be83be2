import { describe, expect, it } from 'vitest';
import type { AwaitReply, ClientCommand } from '../src/client/client-messages.js';
import type { BenchContext } from '../src/scenarios/bench-context.js';
import { warmUpBurst } from '../src/scenarios/server-requests.js';
import type { ServerCommand } from '../src/server/server-messages.js';

/** A server and a client that answer at once and keep every command they were sent. */
function recording() {
  const sent: (ServerCommand | ClientCommand)[] = [];
  const context = {
    server: {
      channel: {
        request: async (command: ServerCommand) => {
          sent.push(command);
          return { count: 'count' in command ? command.count : 0, writeMs: 1 };
        },
      },
    },
  } as unknown as BenchContext;
  const session = {
    label: 'client',
    request: async (command: ClientCommand) => {
      sent.push(command);
      return {
        armedToDoneMs: 2,
        firstToDoneMs: 1,
        cpuMs: 1,
        collectorMs: 0,
        youngCollectorMs: 0,
        collections: 0,
      } satisfies AwaitReply as never;
    },
  };
  return { sent, context, session };
}

describe('warmUpBurst', () => {
  it.each([
    { case: 'as many unmeasured events as a measured burst has', measured: 30_000, warmUp: 30_000 },
    { case: 'as few as a short measured burst has', measured: 5_000, warmUp: 5_000 },
    {
      case: 'at most 30 000, enough for every client, when measured bursts are longer',
      measured: 100_000,
      warmUp: 30_000,
    },
  ])('sends $case', async ({ measured, warmUp }) => {
    const { sent, context, session } = recording();
    await warmUpBurst(context, session, measured);
    expect(sent).toEqual([
      { type: 'arm', marker: 'warm-up-0', count: warmUp },
      { type: 'burst', count: warmUp, marker: 'warm-up-0' },
      { type: 'await' },
    ]);
  });
});
