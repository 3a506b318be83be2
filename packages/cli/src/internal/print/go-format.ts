/**
 * A value inside a go-template, as kubectl gives the template its data (JSON decoded into Go's
 * `interface{}`: numbers are float64) plus the template's own integer literals.
 */
export type GoValue =
  | string
  | boolean
  | null
  | undefined
  | GoInt
  | number
  | readonly GoValue[]
  | { readonly [key: string]: GoValue };

/** An integer literal of the template (Go `int`), unlike JSON numbers (Go `float64`). */
export class GoInt {
  constructor(readonly value: number) {}
}

/** Go's `strconv.FormatFloat(f, 'g', -1, 64)`: what `%v` prints for a float64. */
export function goFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const exponential = value.toExponential();
  const [mantissa = '', exp = '0'] = exponential.split('e');
  const e = Number(exp);
  // %g with the shortest precision uses an exponent below 1e-4 and from 1e6 on (1e+06).
  if (e < -4 || e >= 6) {
    const sign = e < 0 ? '-' : '+';
    const digits = String(Math.abs(e)).padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  return String(value);
}

/** Map keys in Go's `fmt` order (sorted). */
function sortedKeys(map: { readonly [key: string]: GoValue }): string[] {
  return Object.keys(map).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What `fmt.Sprint` (`%v`) prints for a value. */
export function goPrint(value: GoValue): string {
  if (value === undefined || value === null) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof GoInt) return String(value.value);
  if (typeof value === 'number') return goFloat(value);
  if (Array.isArray(value)) return `[${value.map(goPrint).join(' ')}]`;
  const map = value as { readonly [key: string]: GoValue };
  return `map[${sortedKeys(map)
    .map((k) => `${k}:${goPrint(map[k])}`)
    .join(' ')}]`;
}

/** Go's `%q` of a string. */
function goQuote(text: string): string {
  return JSON.stringify(text).replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => `\\u${hex}`);
}

/**
 * Go's `fmt.Sprintf` for the verbs templates use: `%v %s %d %f %e %g %q %t %x %X %%`, with
 * flags (`-`, `0`, `+`, space), width and precision. A wrong type prints as Go does
 * (`%!d(string=x)`); missing arguments as `%!d(MISSING)`; extra ones as `%!(EXTRA …)`.
 */
export function goSprintf(format: string, args: readonly GoValue[]): string {
  let out = '';
  let next = 0;
  const pattern = /%([-+# 0]*)(\d+)?(?:\.(\d+))?([a-zA-Z%])/g;
  let last = 0;
  for (let match = pattern.exec(format); match !== null; match = pattern.exec(format)) {
    out += format.slice(last, match.index);
    last = pattern.lastIndex;
    const [, flags = '', width, precision, verb = ''] = match;
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (next >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    const arg = args[next++];
    out += pad(formatOne(verb, arg, flags, precision), flags, width);
  }
  out += format.slice(last);
  if (next < args.length) {
    out += `%!(EXTRA ${args
      .slice(next)
      .map((a) => `${goTypeName(a)}=${goPrint(a)}`)
      .join(', ')})`;
  }
  return out;
}

function pad(text: string, flags: string, width: string | undefined): string {
  if (width === undefined) return text;
  const size = Number(width);
  if (text.length >= size) return text;
  if (flags.includes('-')) return text.padEnd(size);
  if (flags.includes('0') && /^[+-]?\d/.test(text)) {
    const sign = /^[+-]/.test(text) ? text.slice(0, 1) : '';
    return sign + text.slice(sign.length).padStart(size - sign.length, '0');
  }
  return text.padStart(size);
}

/** Go's name of a value's type, as `%!verb(type=value)` shows it. */
export function goTypeName(value: GoValue): string {
  if (value === undefined || value === null) return '<nil>';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (value instanceof GoInt) return 'int';
  if (typeof value === 'number') return 'float64';
  if (Array.isArray(value)) return '[]interface {}';
  return 'map[string]interface {}';
}

function numberOf(value: GoValue): number | undefined {
  if (value instanceof GoInt) return value.value;
  return typeof value === 'number' ? value : undefined;
}

function signed(text: string, value: number, flags: string): string {
  if (value >= 0 && flags.includes('+')) return `+${text}`;
  if (value >= 0 && flags.includes(' ')) return ` ${text}`;
  return text;
}

function formatOne(verb: string, arg: GoValue, flags: string, precision: string | undefined) {
  const bad = () => `%!${verb}(${goTypeName(arg)}=${goPrint(arg)})`;
  const n = numberOf(arg);
  switch (verb) {
    case 'v':
      return n !== undefined ? signed(goPrint(arg), n, flags) : goPrint(arg);
    case 's':
      if (typeof arg === 'string') {
        return precision === undefined ? arg : arg.slice(0, Number(precision));
      }
      return n === undefined && !(typeof arg === 'boolean') ? goPrint(arg) : bad();
    case 'q':
      return typeof arg === 'string' ? goQuote(arg) : bad();
    case 't':
      return typeof arg === 'boolean' ? String(arg) : bad();
    case 'd':
      return arg instanceof GoInt ? signed(String(arg.value), arg.value, flags) : bad();
    case 'x':
    case 'X': {
      let text: string;
      if (arg instanceof GoInt) text = arg.value.toString(16);
      else if (typeof arg === 'string') text = Buffer.from(arg, 'utf8').toString('hex');
      else return bad();
      return verb === 'X' ? text.toUpperCase() : text;
    }
    case 'f':
    case 'F':
      if (typeof arg !== 'number') return bad();
      return signed(arg.toFixed(precision === undefined ? 6 : Number(precision)), arg, flags);
    case 'e': {
      if (typeof arg !== 'number') return bad();
      const text = arg.toExponential(precision === undefined ? 6 : Number(precision));
      return signed(text.replace(/e([+-])(\d)$/, 'e$10$2'), arg, flags);
    }
    case 'g':
      return typeof arg === 'number' ? signed(goFloat(arg), arg, flags) : bad();
    default:
      return `%!${verb}(${goTypeName(arg)}=${goPrint(arg)})`;
  }
}
