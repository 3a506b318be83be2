import { Buffer } from 'node:buffer';

/** kube-apiserver 1.20's `qualifiedNameFmt`, as its messages print it. */
const NAME_FORMAT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const NAME = new RegExp(`^${NAME_FORMAT}$`);
const NAME_MESSAGE = `must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '${NAME_FORMAT}')`;
const SUBDOMAIN_FORMAT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*';
const SUBDOMAIN = new RegExp(`^${SUBDOMAIN_FORMAT}$`);
const SUBDOMAIN_MESSAGE = `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '${SUBDOMAIN_FORMAT}')`;
/** Lengths in UTF-8 bytes, as Go's `len`. */
const NAME_MAX_BYTES = 63;
const SUBDOMAIN_MAX_BYTES = 253;

/**
 * Why a label key (or any qualified name: `[prefix/]name`) is invalid, as kube-apiserver 1.20's
 * `validation.IsQualifiedName` says it, one message per problem; empty when it is valid.
 */
export function qualifiedNameErrors(value: string): string[] {
  const errors: string[] = [];
  const parts = value.split('/');
  if (parts.length > 2) {
    return [
      `a qualified name ${NAME_MESSAGE} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  const [first = '', second] = parts;
  const name = second ?? first;
  if (second !== undefined) {
    if (first === '') errors.push('prefix part must be non-empty');
    else {
      if (Buffer.byteLength(first) > SUBDOMAIN_MAX_BYTES) {
        errors.push(`prefix part must be no more than ${SUBDOMAIN_MAX_BYTES} characters`);
      }
      if (!SUBDOMAIN.test(first)) errors.push(`prefix part ${SUBDOMAIN_MESSAGE}`);
    }
  }
  if (name === '') errors.push('name part must be non-empty');
  else if (Buffer.byteLength(name) > NAME_MAX_BYTES) {
    errors.push(`name part must be no more than ${NAME_MAX_BYTES} characters`);
  }
  if (!NAME.test(name)) errors.push(`name part ${NAME_MESSAGE}`);
  return errors;
}
