import type { list$ } from '../../list.js';
import type { watch$ } from '../../watch.js';
import type { watchBatches$ } from '../../watch-batches.js';

/**
 * Where the collection gets its lists and watches: `list$` and `watch$`, or fakes in tests.
 * `watchBatches`, when given, is used instead of `watch`: the events of a chunk as one array.
 */
export interface CollectionSources {
  readonly list: typeof list$;
  readonly watch: typeof watch$;
  readonly watchBatches?: typeof watchBatches$;
}
