import { describe, expect, it } from 'vitest';
import { jsonPathSyntaxError } from '../src/jsonpath/json-path-syntax.js';

// What kubectl 1.32.3 says after `error parsing jsonpath <template>, ` for each template
// (`kubectl get pods -o jsonpath=<template>`); undefined where it reads the template.
const KUBECTL: readonly (readonly [string, string | undefined])[] = [
  ['{.items[0', 'unterminated array'],
  ['{.items[0].metadata.name', 'unclosed action'],
  ['{.items[*].metadata.name}{"\\n}', 'unterminated quoted string'],
  ['{.items[?(@.x==)]}', "unrecognized character in action: U+003D '='"],
  ['{.items[?(@.x=="a"}', 'unterminated filter'],
  ['{.items[?(@.x=="a")}', 'unclosed array expect ]'],
  ['{.items[?(@.metadata.name=="x"]}', 'unterminated filter'],
  ['{.items[a]}', 'invalid array index a'],
  ['{.items[1:x]}', 'invalid array index 1:x'],
  ['{.items[-]}', 'array index - is not a number'],
  ["{.items['a,b']}", "invalid array index 'a"],
  ['{.a}{', 'unclosed action'],
  ['{.items[0]}{.x}{"\\q"}', 'unquote string "\\q" error invalid syntax'],
  ['{#}', "unrecognized character in action: U+0023 '#'"],
  ['{1.2.3}', 'cannot parse number 1.2.3'],
  ['{..metadata..name}', undefined],
  ['{.items[0,]}', undefined],
  ['{.a b}', undefined],
  ['{range .items[*]}{.metadata.name}{"\\t"}{end}', undefined],
  ['{.items[?(@.status.phase=="Running")].metadata.name}', undefined],
  ["{.metadata.labels['app\\.kubernetes\\.io/name']}", undefined],
  ['{.items[-1:]}', undefined],
  ['plain text, no action', undefined],
];

describe("jsonPathSyntaxError, kubectl's JSONPath parse errors", () => {
  it.each(KUBECTL)('%s: %s', (template, kubectl) => {
    expect(jsonPathSyntaxError(template)).toBe(kubectl);
  });
});
