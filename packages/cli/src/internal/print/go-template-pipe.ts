import type { Token } from './go-template-lex.js';
import type { GoTemplateArg, GoTemplateCommand, GoTemplatePipe } from './go-template-node.js';

/** Functions of Go's text/template that rxkube does not run: named as such, not as unknown. */
const UNSUPPORTED_FUNCTIONS = new Set(['call', 'js']);

/** How Go prints a pipeline in error messages. */
export function pipeText(
  declare: readonly string[],
  commands: readonly GoTemplateCommand[],
): string {
  const body = commands.map((c) => c.text).join(' | ');
  return declare.length > 0 ? `${declare.join(', ')} := ${body}` : body;
}

/** Reads a pipeline from tokens (stops at `)` or the end). */
export class PipeReader {
  private at = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly fail: (detail: string) => never,
    private readonly functions: ReadonlySet<string>,
  ) {}

  get done(): boolean {
    return this.at >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private next(): Token | undefined {
    return this.tokens[this.at++];
  }

  pipe(): GoTemplatePipe {
    const declare: string[] = [];
    let assign = false;
    const pos = this.peek()?.pos ?? 0;
    // `$x :=`, `$i, $v :=`, `$x =`
    const first = this.tokens[this.at];
    if (first?.t === 'var') {
      const second = this.tokens[this.at + 1];
      const third = this.tokens[this.at + 2];
      const fourth = this.tokens[this.at + 3];
      if (second?.t === 'punct' && (second.v === ':=' || second.v === '=')) {
        declare.push(first.v);
        assign = second.v === '=';
        this.at += 2;
      } else if (
        second?.t === 'punct' &&
        second.v === ',' &&
        third?.t === 'var' &&
        fourth?.t === 'punct' &&
        fourth.v === ':='
      ) {
        declare.push(first.v, third.v);
        this.at += 4;
      }
    }
    const commands: GoTemplateCommand[] = [];
    let command: GoTemplateArg[] = [];
    const close = () => {
      const head = command[0];
      if (head === undefined)
        this.fail(commands.length === 0 ? 'missing value for command' : 'missing command');
      commands.push({
        pos: head.pos,
        text: command
          .map((a) => (a.kind === 'pipe' && a.fields.length === 0 ? `(${a.text})` : a.text))
          .join(' '),
        args: command,
      });
      command = [];
    };
    for (;;) {
      const token = this.peek();
      if (token === undefined || (token.t === 'punct' && token.v === ')')) break;
      if (token.t === 'punct' && token.v === '|') {
        this.at++;
        close();
        continue;
      }
      this.at++;
      command.push(this.operand(token));
    }
    close();
    return { pos, text: pipeText(declare, commands), declare, assign, commands };
  }

  /** The operand starting at `token`, which has just been read. */
  private operand(token: Token): GoTemplateArg {
    const { pos, raw } = token;
    switch (token.t) {
      case 'field': {
        if (token.v === '') return { kind: 'field', fields: [], pos, text: '.' };
        const more = this.fields();
        // Go places a chain of fields at its second field.
        return {
          kind: 'field',
          fields: [token.v, ...more.names],
          pos: more.pos ?? pos,
          text: raw + more.text,
        };
      }
      case 'var': {
        const more = this.fields();
        return {
          kind: 'variable',
          name: token.v,
          fields: more.names,
          pos: more.pos ?? pos,
          text: raw + more.text,
        };
      }
      case 'string':
        return { kind: 'string', value: token.v, pos, text: raw };
      case 'number':
        return { kind: 'number', value: token.v, integer: token.integer, pos, text: raw };
      case 'word':
        if (token.v === 'true' || token.v === 'false') {
          return { kind: 'bool', value: token.v === 'true', pos, text: raw };
        }
        if (token.v === 'nil') return { kind: 'nil', pos, text: raw };
        if (UNSUPPORTED_FUNCTIONS.has(token.v)) {
          this.fail(`function "${token.v}" is not supported by rxkube's go-template`);
        }
        if (!this.functions.has(token.v)) this.fail(`function "${token.v}" not defined`);
        return { kind: 'identifier', name: token.v, pos, text: raw };
      case 'punct':
        if (token.v === '(') {
          const pipe = this.pipe();
          const close = this.next();
          if (close?.t !== 'punct' || close.v !== ')') this.fail('unclosed left paren');
          const more = this.fields();
          return {
            kind: 'pipe',
            pipe,
            fields: more.names,
            pos: more.pos ?? pos,
            text: `(${pipe.text})${more.text}`,
          };
        }
        return this.fail(`unexpected "${token.v}" in operand`);
    }
  }

  /** `.a.b` directly after an operand: the names, where they start, their text. */
  private fields(): { names: string[]; pos: number | undefined; text: string } {
    const names: string[] = [];
    let pos: number | undefined;
    let text = '';
    for (;;) {
      const token = this.peek();
      if (token?.t !== 'field' || token.v === '') return { names, pos, text };
      pos ??= token.pos;
      names.push(token.v);
      text += token.raw;
      this.at++;
    }
  }
}
