/**
 * The parsed form of a Go text/template as `parseGoTemplate` returns it and `go-template.ts`
 * runs it: text, actions with pipelines, control structures and template calls.
 */

/** Where a node is (offset in the template) and how Go prints it in errors. */
export interface Located {
  readonly pos: number;
  readonly text: string;
}

/** An operand of a command: what Go's text/template calls an argument. */
export type GoTemplateArg = Located &
  (
    | { readonly kind: 'field'; readonly fields: readonly string[] }
    | { readonly kind: 'variable'; readonly name: string; readonly fields: readonly string[] }
    | { readonly kind: 'identifier'; readonly name: string }
    | { readonly kind: 'string'; readonly value: string }
    | { readonly kind: 'number'; readonly value: number; readonly integer: boolean }
    | { readonly kind: 'bool'; readonly value: boolean }
    | { readonly kind: 'nil' }
    | { readonly kind: 'pipe'; readonly pipe: GoTemplatePipe; readonly fields: readonly string[] }
  );

/** One command of a pipeline: a function and its arguments, or one operand. */
export interface GoTemplateCommand extends Located {
  readonly args: readonly GoTemplateArg[];
}

/** A pipeline: optional variable declarations, then commands joined by `|`. */
export interface GoTemplatePipe extends Located {
  readonly declare: readonly string[];
  /** `=` (assign to existing variables) rather than `:=`. */
  readonly assign: boolean;
  readonly commands: readonly GoTemplateCommand[];
}

/** A node of a parsed template. */
export type GoTemplateNode =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'action'; readonly pipe: GoTemplatePipe }
  | GoTemplateControl
  | GoTemplateCall
  | { readonly kind: 'break' | 'continue' };

/** `{{template "name" pipeline}}` (also what `{{block}}` leaves in place): runs a named template. */
export interface GoTemplateCall extends Located {
  readonly kind: 'template';
  readonly name: string;
  /** Its dot; none: the named template runs with no value. */
  readonly pipe: GoTemplatePipe | undefined;
}

/** A parsed source: the template kubectl runs (`output`) and the ones it defines by name. */
export interface GoTemplateSet {
  readonly root: readonly GoTemplateNode[];
  readonly templates: ReadonlyMap<string, readonly GoTemplateNode[]>;
}

/** `if`, `with` or `range`: the pipeline, its body and its `else`. */
export interface GoTemplateControl {
  readonly kind: 'if' | 'with' | 'range';
  readonly pipe: GoTemplatePipe;
  readonly body: readonly GoTemplateNode[];
  readonly otherwise: readonly GoTemplateNode[];
}
