/**
 * The post-login target from the nextUrl query value. Only a path on this origin is accepted,
 * so a crafted link cannot send a student to another site after signing in.
 */
export function safeNextUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/auth')) return '/';
  return value;
}
