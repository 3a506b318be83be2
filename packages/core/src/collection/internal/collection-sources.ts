import type { list$ } from '../../list.js';
import type { watch$ } from '../../watch.js';

/** Where the collection gets its lists and watches: `list$` and `watch$`, or fakes in tests. */
export interface CollectionSources {
  readonly list: typeof list$;
  readonly watch: typeof watch$;
}
