import { goQuote } from '../json/go-quote.js';
import { labelValueErrors } from './label-value-errors.js';
import { qualifiedNameErrors } from './qualified-name-errors.js';

/**
 * Kubernetes label selectors: equality (`=`, `==`, `!=`), set-based (`in`, `notin`), existence
 * (`key`, `!key`) and numeric (`>`, `<`) requirements joined by commas, all of which must hold.
 */
export type LabelRequirement =
  | { readonly op: 'exists' | 'notexists'; readonly key: string }
  | { readonly op: 'eq' | 'neq'; readonly key: string; readonly value: string }
  | { readonly op: 'in' | 'notin'; readonly key: string; readonly values: ReadonlySet<string> }
  | { readonly op: 'gt' | 'lt'; readonly key: string; readonly value: number };

/** A parsed selector; an empty one matches everything. */
export type LabelSelector = readonly LabelRequirement[];

/** A selector that cannot be parsed; `message` reads as kube-apiserver's. */
export class SelectorParseError extends Error {}

/** 1.20's `validateLabelKey`: a key must be a qualified name. */
function checkKey(key: string): void {
  const errors = qualifiedNameErrors(key);
  if (errors.length > 0) {
    throw new SelectorParseError(
      `unable to parse requirement: invalid label key ${goQuote(key)}: ${errors.join('; ')}`,
    );
  }
}

/** 1.20's `validateLabelValue`, after the operator's own checks (values of a set sorted). */
function checkValues(key: string, values: Iterable<string>): void {
  for (const value of [...values].sort()) {
    const errors = labelValueErrors(value);
    if (errors.length > 0) {
      throw new SelectorParseError(
        `unable to parse requirement: invalid label value: ${goQuote(value)}: at key: ${goQuote(key)}: ${errors.join('; ')}`,
      );
    }
  }
}

/** Go's `strconv.ParseInt(text, 10, 64)` succeeds. */
function isInt64(text: string): boolean {
  if (!/^[+-]?\d+$/.test(text)) return false;
  const n = BigInt(text);
  return n >= -(2n ** 63n) && n < 2n ** 63n;
}

type Token =
  | { readonly kind: 'id'; readonly text: string }
  | {
      readonly kind: '=' | '==' | '!=' | '!' | '(' | ')' | ',' | '>' | '<' | 'in' | 'notin' | 'end';
      readonly text: string;
    };

const special = new Set(['=', '!', '(', ')', ',', '<', '>']);

/** The lexer's whitespace, as kube-apiserver's: other spaces (`\v`, U+00A0) belong to identifiers. */
const isWhitespace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** The last token; reading past it still reads the end. */
const END: Token = { kind: 'end', text: '' };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  // A string holds no `undefined`: it means the input is used up.
  for (let c = input[i]; c !== undefined; c = input[i]) {
    if (isWhitespace(c)) {
      i++;
      continue;
    }
    if (c === '=' && input[i + 1] === '=') {
      tokens.push({ kind: '==', text: '==' });
      i += 2;
    } else if (c === '!' && input[i + 1] === '=') {
      tokens.push({ kind: '!=', text: '!=' });
      i += 2;
    } else if (special.has(c)) {
      tokens.push({ kind: c as '=', text: c });
      i++;
    } else {
      // An identifier runs to whitespace or a symbol; `c` is neither, so it is never empty.
      let j = i + 1;
      let d = input[j];
      while (d !== undefined && !special.has(d) && !isWhitespace(d)) d = input[++j];
      const text = input.slice(i, j);
      if (text === 'in' || text === 'notin') tokens.push({ kind: text, text });
      else tokens.push({ kind: 'id', text });
      i = j;
    }
  }
  tokens.push(END);
  return tokens;
}

/** Parses a `labelSelector` query parameter. */
export function parseLabelSelector(input: string): LabelSelector {
  const tokens = tokenize(input);
  let pos = 0;
  const peek = () => tokens[pos] ?? END;
  const next = () => tokens[pos++] ?? END;
  const fail = (found: Token, expected: string): never => {
    throw new SelectorParseError(
      `unable to parse requirement: found '${found.text}', expected: ${expected}`,
    );
  };
  /** The value after `=`, `==`, `!=`, `>` or `<`: an identifier, or empty before `,` and the end. */
  const exactValue = (): string => {
    const value = peek();
    if (value.kind === 'id' || value.kind === 'in' || value.kind === 'notin') {
      next();
      return value.text;
    }
    if (value.kind !== ',' && value.kind !== 'end') fail(value, 'identifier');
    return '';
  };
  const requirements: LabelRequirement[] = [];
  if (peek().kind === 'end') return requirements;
  for (;;) {
    const first = next();
    if (first.kind === '!') {
      const key = next();
      if (key.kind !== 'id') fail(key, 'identifier');
      checkKey(key.text);
      requirements.push({ op: 'notexists', key: key.text });
    } else if (first.kind === 'id') {
      const key = first.text;
      checkKey(key);
      const op = peek();
      if (op.kind === ',' || op.kind === 'end') {
        requirements.push({ op: 'exists', key });
      } else if (op.kind === '=' || op.kind === '==' || op.kind === '!=') {
        next();
        const text = exactValue();
        checkValues(key, [text]);
        requirements.push({ op: op.kind === '!=' ? 'neq' : 'eq', key, value: text });
      } else if (op.kind === '>' || op.kind === '<') {
        next();
        // An exact value, or none before `,` and the end (then not an integer).
        const text = exactValue();
        if (!isInt64(text)) {
          throw new SelectorParseError(
            "unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer",
          );
        }
        checkValues(key, [text]);
        requirements.push({ op: op.kind === '>' ? 'gt' : 'lt', key, value: Number(text) });
      } else if (op.kind === 'in' || op.kind === 'notin') {
        next();
        const open = next();
        if (open.kind !== '(') fail(open, "'('");
        const values = new Set<string>();
        for (;;) {
          const value = next();
          if (value.kind === 'id' || value.kind === 'in' || value.kind === 'notin') {
            values.add(value.text);
            const sep = next();
            if (sep.kind === ')') break;
            if (sep.kind !== ',') fail(sep, "',' or ')'");
          } else if (value.kind === ')' && values.size === 0) {
            throw new SelectorParseError(
              `unable to parse requirement: for 'in', 'notin' operators, values set can't be empty`,
            );
          } else {
            fail(value, 'identifier');
          }
        }
        checkValues(key, values);
        requirements.push({ op: op.kind, key, values });
      } else {
        fail(op, "'=', '!=', '==', 'in', 'notin'");
      }
    } else {
      fail(first, "'!' or identifier");
    }
    const sep = next();
    if (sep.kind === 'end') return requirements;
    if (sep.kind !== ',') fail(sep, "','");
  }
}

/** Whether labels satisfy every requirement. */
export function matchesLabels(
  selector: LabelSelector,
  labels: Readonly<Record<string, string>> | undefined,
): boolean {
  for (const r of selector) {
    const has = labels !== undefined && Object.hasOwn(labels, r.key);
    const value = has ? labels[r.key] : undefined;
    switch (r.op) {
      case 'exists':
        if (!has) return false;
        break;
      case 'notexists':
        if (has) return false;
        break;
      case 'eq':
        if (value !== r.value) return false;
        break;
      case 'neq':
        if (value === r.value) return false;
        break;
      case 'in':
        if (value === undefined || !r.values.has(value)) return false;
        break;
      case 'notin':
        if (value !== undefined && r.values.has(value)) return false;
        break;
      case 'gt':
      case 'lt': {
        const n = Number(value);
        if (value === undefined || !Number.isInteger(n)) return false;
        if (r.op === 'gt' ? !(n > r.value) : !(n < r.value)) return false;
        break;
      }
    }
  }
  return true;
}
