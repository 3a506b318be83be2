import type { LoopCommand } from './loop-command.js';
import type { LoopConfig } from './loop-config.js';
import type { ListFrom } from './loop-state.js';
import type { LoopContext, RequestState } from './loop-step.js';
import { watchTimeouts } from './watch-timeouts.js';

/**
 * The request a state issues, with its wire parameters: which version a list or streaming list
 * starts from, whether it is paginated, and the timeouts of a stream. `advanceLoop` decides
 * which state comes next; this only spells that state's request out.
 */
export function requestCommand(
  state: RequestState,
  request: number,
  context: LoopContext,
): LoopCommand {
  const { config } = context;
  switch (state.phase) {
    case 'listing': {
      const { from } = state;
      return from.kind === 'notOlderThan'
        ? // Unpaginated at the version, NotOlderThan: the watch cache answers at its current
          // version. A paginated list at an explicit version means Exact (kubernetes#133810).
          {
            type: 'list',
            request,
            resourceVersion: from.resourceVersion,
            resourceVersionMatch: 'NotOlderThan',
            paginated: false,
          }
        : {
            type: 'list',
            request,
            resourceVersion: startVersion(from, config),
            resourceVersionMatch: undefined,
            paginated: true,
          };
    }
    case 'streaming': {
      const { from } = state;
      return {
        type: 'stream',
        request,
        resourceVersion:
          from.kind === 'notOlderThan' ? from.resourceVersion : startVersion(from, config),
        ...watchTimeouts(context),
        initialEventsTimeoutMs: config.initialEventsTimeoutMs,
      };
    }
    case 'watching':
      return { type: 'watch', request, resourceVersion: state.from, ...watchTimeouts(context) };
  }
}

/** A first list at `"0"` with `listSemantic: 'any'` (the watch cache's copy); else consistent. */
function startVersion(from: ListFrom, config: LoopConfig): '0' | undefined {
  return from.kind === 'first' && config.listSemantic === 'any' ? '0' : undefined;
}
