import {
  InvalidPathSegmentError,
  type PathSegmentKind,
} from '../errors/invalid-path-segment-error.js';

/** client-go's `NameMayNotBe` and `NameMayNotContain` of `IsValidPathSegmentName`. */
const FORBIDDEN_SEGMENTS: readonly string[] = ['.', '..'];
const FORBIDDEN_CHARACTERS = /[/%]/;

/**
 * Throws {@link InvalidPathSegmentError} unless `value` is one path segment that addresses
 * itself. The value is quoted as JSON, so control characters in it cannot reach a terminal raw.
 */
export function checkPathSegment(value: string, segment: PathSegmentKind): void {
  const why =
    typeof value !== 'string' || value === ''
      ? 'may not be empty'
      : FORBIDDEN_SEGMENTS.includes(value)
        ? `may not be '${value}'`
        : FORBIDDEN_CHARACTERS.test(value)
          ? "may not contain '/' or '%'"
          : undefined;
  if (why === undefined) return;
  throw new InvalidPathSegmentError(
    `invalid ${segment} ${JSON.stringify(String(value)).slice(0, 80)}: ${why}`,
    { segment },
  );
}
