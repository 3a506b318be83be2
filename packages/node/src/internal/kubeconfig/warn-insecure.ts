const warned = new Set<string>();

/**
 * Emits a process warning, once per server and process, that TLS verification is off for it
 * (`insecure-skip-tls-verify`). Never silent, never repeated for every client. The warning's
 * type is `SecurityWarning` and its code `RXKUBE_INSECURE_TLS`, for `process.on('warning')`.
 */
export function warnInsecure(server: string): void {
  if (warned.has(server)) return;
  warned.add(server);
  process.emitWarning(
    `TLS certificate verification is disabled for ${server} (insecure-skip-tls-verify): ` +
      'the connection, and any credential sent over it, can be intercepted',
    { type: 'SecurityWarning', code: 'RXKUBE_INSECURE_TLS' },
  );
}
