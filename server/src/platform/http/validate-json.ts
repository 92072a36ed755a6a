import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { readableErrorMap, toReadableIssues } from '../lib/readable-issues';

export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';

/**
 * The path of the first string holding a NUL character. PostgreSQL cannot store NUL in text, so
 * such input is refused up front rather than failing deep inside a query.
 */
function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, index]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Parses the body as JSON (whatever the Content-Type says) and validates it with a shared
 * schema. 400 when it is not JSON; 422 with the first problem as `message` and every problem in
 * `issues` when it does not fit. The parsed value is `c.get('body')`.
 */
export function validateJson<S extends z.core.$ZodType>(schema: S) {
  return createMiddleware<{ Variables: { body: z.core.output<S> } }>(async (c, next) => {
    const text = await c.req.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError('bad_request', INVALID_JSON_MESSAGE);
    }
    c.set('body', checkedBody(schema, json));
    await next();
  });
}

/**
 * Like `validateJson`, but a form (urlencoded or multipart, as the spec's upload calls send) is
 * read too: its text fields become the object that is validated; files are left out.
 */
export function validateJsonOrForm<S extends z.core.$ZodType>(schema: S) {
  return createMiddleware<{ Variables: { body: z.core.output<S> } }>(async (c, next) => {
    const type = c.req.header('content-type')?.toLowerCase() ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
      return validateJson(schema)(c, next);
    }
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError('bad_request', INVALID_FORM_MESSAGE);
    }
    const fields = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string'));
    c.set('body', checkedBody(schema, fields));
    await next();
  });
}

export const INVALID_FORM_MESSAGE = 'The request body is not a valid form.';

/** The value parsed by `schema`, or a 422 with every problem; NUL characters refused (PostgreSQL). */
export function checkedBody<S extends z.core.$ZodType>(schema: S, value: unknown): z.core.output<S> {
  // The function form: the shared schemas are classic zod or zod/mini (those the portal's test page parses).
  const result = z.safeParse(schema, value, { error: readableErrorMap });
  if (!result.success) {
    const issues = toReadableIssues(result.error.issues);
    throw new AppError('unprocessable', issues[0]?.message ?? 'The request is not valid.', { issues });
  }
  const nulAt = findNul(result.data);
  if (nulAt) {
    const message = 'Text must not contain NUL characters.';
    throw new AppError('unprocessable', message, { issues: [{ path: nulAt.join('.'), message }] });
  }
  return result.data;
}

export const TEST_ID_MISMATCH_MESSAGE = 'test_id does not match the test in the path.';

/** 422 unless a body's test_id names the test of the path (a call acts on one test only). */
export function requireSameTest(bodyTestId: string | undefined, pathTestId: string): void {
  if (bodyTestId !== pathTestId) {
    throw new AppError('unprocessable', TEST_ID_MISMATCH_MESSAGE, { issues: [{ path: 'test_id', message: TEST_ID_MISMATCH_MESSAGE }] });
  }
}
