import { FetchError } from 'ofetch';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, CONNECTION_MESSAGE, toApiError } from './api-client';

function fetchError(status: number | null, data?: unknown): FetchError {
  const error = new FetchError('request failed');
  if (status !== null) {
    Object.assign(error, { response: new Response(null, { status }), data, statusText: 'Status text' });
  }
  return error;
}

describe('toApiError', () => {
  it('uses the server message', () => {
    const error = toApiError(fetchError(422, { message: 'Old password is incorrect.' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Old password is incorrect.');
    expect(error.status).toBe(422);
  });
  it('clears auth on 401 and passes the message through', () => {
    const onUnauthorized = vi.fn();
    const error = toApiError(fetchError(401, { message: 'Log in required!' }), onUnauthorized);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(error.message).toBe('Log in required!');
  });
  it('keeps the data of a 412 for the caller', () => {
    const error = toApiError(fetchError(412, { message: 'Precondition', type: 100 }));
    expect(error.data).toEqual({ message: 'Precondition', type: 100 });
  });
  it('says to check the connection when no answer came', () => {
    expect(toApiError(fetchError(null)).message).toBe(CONNECTION_MESSAGE);
    expect(toApiError(new DOMException('aborted', 'AbortError')).message).toBe(CONNECTION_MESSAGE);
    expect(toApiError(new DOMException('timed out', 'TimeoutError')).message).toBe(CONNECTION_MESSAGE);
  });
  it('falls back to the status text, then the error message', () => {
    expect(toApiError(fetchError(500, 'oops')).message).toBe('Status text');
    expect(toApiError(new Error('boom')).message).toBe('boom');
  });
});
