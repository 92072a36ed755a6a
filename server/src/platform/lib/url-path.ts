/**
 * The segments of a URL path, decoded, or undefined when it is malformed or could climb out of
 * where it is resolved (`..`, `.`, NUL, backslashes). Empty segments are dropped.
 */
export function safePathSegments(urlPath: string): string[] | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  return segments.some((segment) => segment === '..' || segment === '.') ? undefined : segments;
}
