import type { ReplicaRouting } from '../../replicas/replica-routing.js';
import type { RequestRecord } from '../../requests/request-record.js';
import type { Cluster } from '../store/cluster.js';
import { Replica } from './replica.js';

/** The replicas of one server and which of them serves the next request. */
export class ReplicaSet {
  readonly all: readonly Replica[];
  private routing: ReplicaRouting['to'] = 'round-robin';
  private next = 0;

  constructor(cluster: Cluster, count: number, cacheVersion: 'resource' | 'global') {
    this.all = Array.from(
      { length: count },
      (_, i) => new Replica(i, cluster, cacheVersion, cluster.revision),
    );
  }

  route(routing: ReplicaRouting): void {
    const { to } = routing;
    if (typeof to === 'number') this.at(to);
    this.routing = to;
  }

  /** The replica at `index`; a RangeError for an index the server has no replica at. */
  at(index: number): Replica {
    const replica = this.all[index];
    if (replica === undefined) {
      throw new RangeError(`no replica ${index}: the server has ${this.all.length}`);
    }
    return replica;
  }

  /** The replica that serves `request`. */
  pick(request: RequestRecord): Replica {
    const { routing } = this;
    if (routing === 'round-robin') {
      const replica = this.at(this.next % this.all.length);
      this.next = (this.next + 1) % this.all.length;
      return replica;
    }
    return this.at(typeof routing === 'number' ? routing : routing(request));
  }
}
