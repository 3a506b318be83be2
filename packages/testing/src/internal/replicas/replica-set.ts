import type { ReplicaRouting } from '../../replica-routing.js';
import type { RequestRecord } from '../../request-record.js';
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
    if (typeof to === 'number') this.check(to);
    this.routing = to;
  }

  private check(index: number): number {
    if (!Number.isInteger(index) || index < 0 || index >= this.all.length) {
      throw new RangeError(`no replica ${index}: the server has ${this.all.length}`);
    }
    return index;
  }

  /** The replica that serves `request`. */
  pick(request: RequestRecord): Replica {
    const { routing } = this;
    if (routing === 'round-robin') {
      const replica = this.all[this.next % this.all.length]!;
      this.next = (this.next + 1) % this.all.length;
      return replica;
    }
    const index = typeof routing === 'number' ? routing : this.check(routing(request));
    return this.all[index]!;
  }
}
