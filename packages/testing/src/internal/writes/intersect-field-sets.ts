import { attachFieldSet, type FieldSet } from '../fields/field-set.js';

/** The paths in both `a` and `b` (a new set; neither input changes). */
export function intersectFieldSets(a: FieldSet, b: FieldSet): FieldSet {
  const out: FieldSet = { member: a.member && b.member, children: undefined };
  if (a.children && b.children) {
    for (const [k, v] of a.children) {
      const theirs = b.children.get(k);
      if (theirs) attachFieldSet(out, k, intersectFieldSets(v, theirs));
    }
  }
  return out;
}
