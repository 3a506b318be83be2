import { CliError } from '../cli-error.js';
import { type GoValue, goPrint } from './go-format.js';

/** Go's `%q` of a string (close enough for templates: JSON's escapes). */
function goQuoted(text: string): string {
  return JSON.stringify(text);
}

/** `json.Marshal` of decoded JSON: keys sorted, `<`, `>`, `&` escaped. */
function goCompactJson(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sorted(value))
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A go-template that failed while printing, as kubectl 1.20 reports it: the error line
 * (`error executing template "…": template: output:LINE:COL: executing "output" at <node>: …`,
 * the node cut at 20 characters) and, for stdout, what was printed before the failure followed by
 * kubectl's "Printing more information for debugging the template" block.
 */
export class GoTemplateError extends CliError {
  /** What kubectl writes to stdout: the partial output, then the debugging block. */
  readonly stdout: string;

  constructor(
    template: string,
    data: GoValue,
    partial: string,
    detail: string,
    place: { readonly pos: number; readonly text: string } | undefined,
    /** The named template that was executing (`output`: the source itself). */
    name = 'output',
  ) {
    let where = 'template: output:';
    if (place !== undefined) {
      const before = template.slice(0, place.pos);
      const line = before.split('\n').length;
      const column = place.pos - (before.lastIndexOf('\n') + 1);
      const context = place.text.length > 20 ? `${place.text.slice(0, 20)}...` : place.text;
      where = `template: output:${line}:${column}: executing ${goQuoted(name)} at <${context}>:`;
    }
    const error = `${where} ${detail}`;
    super(`error executing template ${goQuoted(template)}: ${error}`);
    this.stdout =
      `${partial}Error executing template: ${error}. Printing more information for debugging the template:\n` +
      `\ttemplate was:\n\t\t${template}\n` +
      `\traw data was:\n\t\t${goCompactJson(data)}\n` +
      `\tobject given to template engine was:\n\t\t${goPrint(data)}\n\n`;
  }
}
