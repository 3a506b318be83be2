/**
 * Makes server-controlled text safe for a terminal, as kubectl does since CVE-2021-25743 and a
 * little further: ESC becomes `^[` and CR `\r` (kubectl's own replacements), every other C0
 * control but tab and newline becomes caret notation (`^G`), DEL `^?`, and C1 controls
 * `\u0080`…`\u009f` their escaped code. An OSC 52 clipboard write or a cursor move then prints
 * as visible text instead of acting.
 */
export function escapeTerminal(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is escaped.
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (ch) => {
    const code = ch.charCodeAt(0);
    if (ch === '\r') return '\\r';
    if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
    if (code === 0x7f) return '^?';
    return `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** {@link escapeTerminal} with newlines and tabs escaped too: for one-line messages. */
export function escapeLine(text: string): string {
  return escapeTerminal(text).replace(/\n/g, '\\n').replace(/\t/g, '\\t');
}
