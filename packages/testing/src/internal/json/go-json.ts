/**
 * What kube-apiserver's Go JSON decoder says about bytes it cannot read: the scanner's syntax
 * errors ("invalid character 'o' in literal null (expecting 'u')", "unexpected end of JSON
 * input"), checked byte by byte as Go checks them before decoding anything.
 */

const OBJECT_KEY = 0;
const OBJECT_VALUE = 1;
const ARRAY_VALUE = 2;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
/** `-`, `+`, `.`, `e`, `E` or a digit: what a number token is made of. */
const isNumberChar = (c: number) =>
  isDigit(c) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;

const hex2 = (c: number) => c.toString(16).padStart(2, '0');
const CONTROL_ESCAPES: Readonly<Record<number, string>> = {
  7: '\\a',
  8: '\\b',
  12: '\\f',
  10: '\\n',
  13: '\\r',
  9: '\\t',
  11: '\\v',
};

/** A byte as Go's scanner quotes it in messages (`'o'`, `'\n'`, `'\x00'`, `'\u0080'`). */
function quoteChar(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return `'"'`;
  if (c === 0x5c) return "'\\\\'";
  if (CONTROL_ESCAPES[c] !== undefined) return `'${CONTROL_ESCAPES[c]}'`;
  if (c < 0x20 || c === 0x7f) return `'\\x${hex2(c)}'`;
  // Go quotes the byte as the rune of the same number: U+0080 to U+00A0 and U+00AD do not print.
  if ((c >= 0x80 && c <= 0xa0) || c === 0xad) return `'\\u00${hex2(c)}'`;
  return `'${String.fromCharCode(c)}'`;
}

type State = (c: number) => boolean;

/**
 * Go's `encoding/json` scanner, reduced to validation. One state function per state of Go's
 * scanner, on purpose: the number states look alike, but each fails with its own message and
 * keeping them apart is what makes the messages match Go's byte for byte.
 */
class Scanner {
  step: State;
  private readonly stack: number[] = [];
  private endTop = false;
  error: string | undefined;

  constructor() {
    this.step = this.beginValue;
  }

  private fail(c: number, context: string): boolean {
    this.step = () => false;
    this.error = `invalid character ${quoteChar(c)} ${context}`;
    return false;
  }

  private pop(): void {
    this.stack.pop();
    if (this.stack.length === 0) {
      this.step = this.endTopState;
      this.endTop = true;
    } else this.step = this.endValue;
  }

  private literal(expected: string, name: string, next: State | undefined): State {
    return (c) => {
      if (c === expected.charCodeAt(0)) {
        this.step = next ?? this.endValue;
        return true;
      }
      return this.fail(c, `in literal ${name} (expecting '${expected}')`);
    };
  }

  private word(name: string): State {
    let next: State | undefined;
    for (const expected of [...name.slice(1)].reverse()) next = this.literal(expected, name, next);
    if (next === undefined) throw new Error(`the literal ${name} is one character`);
    return next;
  }

  readonly beginValueOrEmpty: State = (c) => {
    if (isSpace(c)) return true;
    if (c === 0x5d) return this.endValue(c);
    return this.beginValue(c);
  };

  readonly beginValue: State = (c) => {
    if (isSpace(c)) return true;
    switch (c) {
      case 0x7b: // {
        this.step = this.beginStringOrEmpty;
        this.stack.push(OBJECT_KEY);
        return true;
      case 0x5b: // [
        this.step = this.beginValueOrEmpty;
        this.stack.push(ARRAY_VALUE);
        return true;
      case 0x22: // "
        this.step = this.inString;
        return true;
      case 0x2d: // -
        this.step = this.neg;
        return true;
      case 0x30: // 0
        this.step = this.zero;
        return true;
      case 0x74: // t
        this.step = this.word('true');
        return true;
      case 0x66: // f
        this.step = this.word('false');
        return true;
      case 0x6e: // n
        this.step = this.word('null');
        return true;
    }
    if (c >= 0x31 && c <= 0x39) {
      this.step = this.digits;
      return true;
    }
    return this.fail(c, 'looking for beginning of value');
  };

  private readonly beginStringOrEmpty: State = (c) => {
    if (isSpace(c)) return true;
    if (c === 0x7d) {
      this.stack[this.stack.length - 1] = OBJECT_VALUE;
      return this.endValue(c);
    }
    return this.beginString(c);
  };

  private readonly beginString: State = (c) => {
    if (isSpace(c)) return true;
    if (c === 0x22) {
      this.step = this.inString;
      return true;
    }
    return this.fail(c, 'looking for beginning of object key string');
  };

  private readonly endValue: State = (c) => {
    const n = this.stack.length;
    if (n === 0) {
      this.step = this.endTopState;
      this.endTop = true;
      return this.endTopState(c);
    }
    if (isSpace(c)) {
      this.step = this.endValue;
      return true;
    }
    switch (this.stack[n - 1]) {
      case OBJECT_KEY:
        if (c === 0x3a) {
          this.stack[n - 1] = OBJECT_VALUE;
          this.step = this.beginValue;
          return true;
        }
        return this.fail(c, 'after object key');
      case OBJECT_VALUE:
        if (c === 0x2c) {
          this.stack[n - 1] = OBJECT_KEY;
          this.step = this.beginString;
          return true;
        }
        if (c === 0x7d) {
          this.pop();
          return true;
        }
        return this.fail(c, 'after object key:value pair');
      default:
        if (c === 0x2c) {
          this.step = this.beginValue;
          return true;
        }
        if (c === 0x5d) {
          this.pop();
          return true;
        }
        return this.fail(c, 'after array element');
    }
  };

  private readonly endTopState: State = (c) => {
    if (!isSpace(c)) return this.fail(c, 'after top-level value');
    return true;
  };

  private readonly inString: State = (c) => {
    if (c === 0x22) {
      this.step = this.endValue;
      return true;
    }
    if (c === 0x5c) {
      this.step = this.inStringEsc;
      return true;
    }
    if (c < 0x20) return this.fail(c, 'in string literal');
    return true;
  };

  private readonly inStringEsc: State = (c) => {
    if ('bfnrt\\/"'.includes(String.fromCharCode(c))) {
      this.step = this.inString;
      return true;
    }
    if (c === 0x75) {
      this.step = this.hexDigits(4);
      return true;
    }
    return this.fail(c, 'in string escape code');
  };

  private hexDigits(left: number): State {
    return (c) => {
      if (!isHex(c)) return this.fail(c, 'in \\u hexadecimal character escape');
      this.step = left === 1 ? this.inString : this.hexDigits(left - 1);
      return true;
    };
  }

  private readonly neg: State = (c) => {
    if (c === 0x30) {
      this.step = this.zero;
      return true;
    }
    if (c >= 0x31 && c <= 0x39) {
      this.step = this.digits;
      return true;
    }
    return this.fail(c, 'in numeric literal');
  };

  private readonly digits: State = (c) => {
    if (isDigit(c)) return true;
    return this.zero(c);
  };

  private readonly zero: State = (c) => {
    if (c === 0x2e) {
      this.step = this.dot;
      return true;
    }
    if (c === 0x65 || c === 0x45) {
      this.step = this.exponent;
      return true;
    }
    return this.endValue(c);
  };

  private readonly dot: State = (c) => {
    if (isDigit(c)) {
      this.step = this.fraction;
      return true;
    }
    return this.fail(c, 'after decimal point in numeric literal');
  };

  private readonly fraction: State = (c) => {
    if (isDigit(c)) return true;
    if (c === 0x65 || c === 0x45) {
      this.step = this.exponent;
      return true;
    }
    return this.endValue(c);
  };

  private readonly exponent: State = (c) => {
    if (c === 0x2b || c === 0x2d) {
      this.step = this.exponentSign;
      return true;
    }
    return this.exponentSign(c);
  };

  private readonly exponentSign: State = (c) => {
    if (isDigit(c)) {
      this.step = this.exponentDigits;
      return true;
    }
    return this.fail(c, 'in exponent of numeric literal');
  };

  private readonly exponentDigits: State = (c) => {
    if (isDigit(c)) return true;
    return this.endValue(c);
  };

  /** The end of the input: a complete value, or Go's complaint. */
  eof(): string | undefined {
    if (this.error !== undefined) return this.error;
    if (this.endTop) return undefined;
    this.step(0x20);
    if (this.endTop) return undefined;
    return this.error ?? 'unexpected end of JSON input';
  }
}

/** Go's syntax error for `bytes`, or `undefined` when they are one valid JSON value. */
export function goJsonSyntaxError(bytes: Uint8Array): string | undefined {
  const scanner = new Scanner();
  for (const c of bytes) if (!scanner.step(c)) return scanner.error;
  return scanner.eof();
}

/** A JSON number as written (Go decodes integers from the literal). */
export class GoJsonNumber {
  constructor(readonly literal: string) {}
}

/** A JSON value with numbers kept as written. */
export type GoJsonValue =
  | null
  | boolean
  | string
  | GoJsonNumber
  | GoJsonValue[]
  | { [key: string]: GoJsonValue };

/** Parses text that {@link goJsonSyntaxError} accepted. */
export function parseValidGoJson(text: string): GoJsonValue {
  let i = 0;
  const space = () => {
    while (isSpace(text.charCodeAt(i))) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): GoJsonValue => {
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      const out: { [key: string]: GoJsonValue } = {};
      space();
      if (text[i] === '}') {
        i++;
        return out;
      }
      for (;;) {
        space();
        const key = string();
        space();
        i++; // :
        Object.defineProperty(out, key, {
          value: value(),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        space();
        if (text[i++] === '}') return out;
      }
    }
    if (c === '[') {
      i++;
      const out: GoJsonValue[] = [];
      space();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value());
        space();
        if (text[i++] === ']') return out;
      }
    }
    if (c === '"') return string();
    for (const [word, result] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return result;
      }
    }
    const start = i;
    while (isNumberChar(text.charCodeAt(i))) i++;
    return new GoJsonNumber(text.slice(start, i));
  };
  return value();
}

/** How Go names a JSON value's kind in "cannot unmarshal X into ..." messages. */
export function goJsonKind(value: GoJsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'string') return 'string';
  if (value instanceof GoJsonNumber) return 'number';
  return Array.isArray(value) ? 'array' : 'object';
}
