import type { z } from 'zod';

/** How fields are named in messages; other fields are named from their key ("old_password" -> "Old password"). */
const FIELD_LABELS: Record<string, string> = {
  phone: 'Email or registration number',
  otp: 'The code',
  password_confirmation: 'Password confirmation',
};

function fieldLabel(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((segment) => typeof segment === 'string');
  if (typeof last !== 'string') return 'This value';
  const label = FIELD_LABELS[last] ?? last.replace(/[_-]+/g, ' ').trim();
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/**
 * Messages for zod's built-in checks, in the words of the portal's forms. Messages the shared
 * schemas spell out themselves take precedence over these.
 */
export const readableErrorMap: z.core.$ZodErrorMap = (issue) => {
  const path = issue.path ?? [];
  if (path.length === 0 && issue.code === 'invalid_type') return 'The request body must be a JSON object.';
  const label = fieldLabel(path);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${label} is required.` : `${label} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? `${label} is required.` : `${label} must be at least ${issue.minimum} characters.`;
      return `${label} is too small.`;
    case 'too_big':
      if (issue.origin === 'string') return `${label} must be at most ${issue.maximum} characters.`;
      return `${label} is too big.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.map((key) => `"${key}"`).join(', ')}.`;
    default:
      return `${label} is not valid.`;
  }
};

export interface ReadableIssue {
  path: string;
  message: string;
}

export function toReadableIssues(issues: readonly z.core.$ZodIssue[]): ReadableIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
