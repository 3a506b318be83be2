import type { Pod } from './pod.js';

/** What the user filters by: free text, and one namespace (`''` for all). */
export interface PodFilter {
  readonly text: string;
  readonly namespace: string;
}

/** A pure predicate for `filterItems`: the namespace matches, and so does the text (name, node or phase). */
export function podMatches(filter: PodFilter): (pod: Pod) => boolean {
  const text = filter.text.trim().toLowerCase();
  return (pod) => {
    if (filter.namespace !== '' && pod.metadata?.namespace !== filter.namespace) return false;
    if (text === '') return true;
    return [pod.metadata?.name, pod.spec?.nodeName, pod.status?.phase].some(
      (field) => field?.toLowerCase().includes(text) === true,
    );
  };
}
