import { X509Certificate } from 'node:crypto';

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * Why PEM text is not a usable certificate bundle, or `undefined` when it is: at least one
 * `CERTIFICATE` block, and every such block parses (client-go's `ParseCertsPEM`; other block
 * types are skipped). The reason never quotes the text.
 */
export function pemCertificatesProblem(pem: string): string | undefined {
  const blocks = pem.match(CERTIFICATE_BLOCK) ?? [];
  if (blocks.length === 0) return 'holds no PEM CERTIFICATE block';
  for (const [index, block] of blocks.entries()) {
    try {
      new X509Certificate(block);
    } catch {
      return `holds a CERTIFICATE block (number ${index + 1}) that is not a valid certificate`;
    }
  }
  return undefined;
}
