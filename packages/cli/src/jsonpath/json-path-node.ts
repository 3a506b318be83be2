/**
 * The parsed form of a kubectl JSONPath template: plain text, `{…}` actions made of steps, and
 * `{range …}…{end}` blocks. Internal to the JSONPath reader and evaluator.
 */
export type TemplateNode =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'action'; readonly steps: readonly Step[] }
  | {
      readonly kind: 'range';
      readonly steps: readonly Step[];
      readonly body: readonly TemplateNode[];
    };

/** A comparison in a filter `[?(@.a == "b")]`; `exists` when there is no operator. */
export type FilterOperator = '==' | '!=' | '<' | '>' | '<=' | '>=' | 'exists';

/** One step of a path, applied to every current value in turn. */
export type Step =
  | { readonly kind: 'root' }
  | { readonly kind: 'current' }
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'wildcard' }
  | { readonly kind: 'recursive' }
  | { readonly kind: 'index'; readonly index: number }
  | {
      readonly kind: 'slice';
      readonly start: number | undefined;
      readonly end: number | undefined;
      readonly step: number | undefined;
    }
  | { readonly kind: 'union'; readonly branches: readonly (readonly Step[])[] }
  | {
      readonly kind: 'filter';
      readonly left: readonly Step[];
      readonly operator: FilterOperator;
      readonly right: readonly Step[];
    }
  | { readonly kind: 'literal'; readonly value: string | number | boolean };
