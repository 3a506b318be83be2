import { describe, expect, it } from 'vitest';
import type { ClientCommand } from '../src/client/client-messages.js';
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
      return { armedToDoneMs: 2, firstToDoneMs: 1, cpuMs: 1 } as never;
    },
  };
  return { sent, context, session };
}

describe('warmUpBurst', () => {
  it('sends as many unmeasured events as a measured burst has', async () => {
    const { sent, context, session } = recording();
    await warmUpBurst(context, session, 30_000);
    expect(sent).toEqual([
      { type: 'arm', marker: 'warm-up-0', count: 30_000 },
      { type: 'burst', count: 30_000, marker: 'warm-up-0' },
      { type: 'await' },
    ]);
  });

  it('stops at 30 000 events, enough for every client, when measured bursts are longer', async () => {
    const { sent, context, session } = recording();
    await warmUpBurst(context, session, 100_000);
    expect(sent).toEqual([
      { type: 'arm', marker: 'warm-up-0', count: 30_000 },
      { type: 'burst', count: 30_000, marker: 'warm-up-0' },
      { type: 'await' },
    ]);
  });

  it('is as short as a short measured burst', async () => {
    const { sent, context, session } = recording();
    await warmUpBurst(context, session, 5_000);
    expect(sent.filter((c) => c.type === 'burst')).toEqual([
      { type: 'burst', count: 5_000, marker: 'warm-up-0' },
    ]);
  });
});
