/** Field rules and messages of the spec (student-portal.md section 5). */
export type Rule = (value: string) => string | null;

export const required: Rule = (value) => (value.trim() ? null : 'Required.');
export const minChars =
  (min: number): Rule =>
  (value) =>
    value.length >= min ? null : `Min ${min} characters`;
export const matches =
  (other: () => string): Rule =>
  (value) =>
    value === other() ? null : "Password doesn't match";

/** The first message of the rules that fail, or null. */
export function validate(value: string, rules: Rule[]): string | null {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return null;
}
