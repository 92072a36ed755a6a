import { safeParse, type ZodMiniType } from 'zod/mini';

/** A message off a WebSocket, checked against its schema: anything else (not text, not JSON, unknown) is null. */
export function parseSocketMessage<T>(data: unknown, schema: ZodMiniType<T>, maxLength = 1_000_000): T | null {
  if (typeof data !== 'string' || data.length > maxLength) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = safeParse(schema, json);
  return parsed.success ? parsed.data : null;
}
