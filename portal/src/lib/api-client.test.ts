import { FetchError } from 'ofetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CONNECTION_MESSAGE, apiCall, configureApi, getCall, loadEarly, toApiError } from './api-client';
import { startEarlyCalls } from './early-data';

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

describe('loadEarly: a screen takes the reply of the call started at app start', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    configureApi({ getToken: () => null, onUnauthorized: () => {} });
  });

  function stubFetch(replies: (() => Response)[]) {
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input instanceof Request ? input.url : input));
      const next = replies.shift();
      if (!next) throw new TypeError('no more replies');
      return next();
    }));
    return calls;
  }
  const json = (data: unknown, status = 200) => () => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

  it("one request for the early call and the screen's same call (cache-busting ts aside), once", async () => {
    configureApi({ getToken: () => 'token', onUnauthorized: () => {} });
    const calls = stubFetch([json({ n: 1 }), json({ n: 2 })]);
    loadEarly('/fee-list', { ts: 1 });
    expect(await apiCall('/fee-list', { query: { ts: 2 } })).toEqual({ n: 1 });
    // Taken once: the next call asks the server.
    expect(await apiCall('/fee-list')).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('a call with other parameters is not served the early reply', async () => {
    configureApi({ getToken: () => 'token', onUnauthorized: () => {} });
    const calls = stubFetch([json({ page: 1 }), json({ page: 2 })]);
    loadEarly('/test/myresults', { page: 1 });
    expect(await apiCall('/test/myresults', { query: { page: 2 } })).toEqual({ page: 2 });
    expect(calls).toHaveLength(2);
  });

  it("an early call that failed is the screen's failure, with the server's message; its Retry asks again", async () => {
    configureApi({ getToken: () => 'token', onUnauthorized: () => {} });
    const calls = stubFetch([json({ message: 'busy' }, 503), json({ ok: true })]);
    loadEarly('/desk');
    await expect(apiCall('/desk')).rejects.toMatchObject({ message: 'busy', status: 503 });
    expect(await apiCall('/desk')).toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it("takes the reply of the call the page's early script sent: one request in all", async () => {
    configureApi({ getToken: () => 'token', onUnauthorized: () => {} });
    const calls = stubFetch([json({ from: 'page' })]);
    startEarlyCalls({ pattern: '/test-results', calls: ['/test/myresults?page=1'] }, '/test-results', 'token');
    loadEarly('/test/myresults', { page: '1' });
    expect(await apiCall('/test/myresults', { query: { page: '1' } })).toEqual({ from: 'page' });
    expect(calls).toEqual(['/api/test/myresults?page=1']);
  });

  it("a failure of the page's early call is the screen's failure, read as the client reads one; its Retry asks again", async () => {
    const onUnauthorized = vi.fn();
    configureApi({ getToken: () => 'token', onUnauthorized });
    const calls = stubFetch([json({ message: 'busy' }, 503), json({ again: true }), json({ message: 'Log in required!' }, 401)]);
    startEarlyCalls({ pattern: '/desk', calls: ['/desk'] }, '/desk', 'token');
    loadEarly('/desk');
    await expect(apiCall('/desk')).rejects.toMatchObject({ message: 'busy', status: 503, data: { message: 'busy' } });
    expect(await apiCall('/desk')).toEqual({ again: true });
    startEarlyCalls({ pattern: '/fee-list', calls: ['/fee-list'] }, '/fee-list', 'token');
    loadEarly('/fee-list');
    await expect(apiCall('/fee-list')).rejects.toMatchObject({ message: 'Log in required!', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(3);
  });

  it("the page's early call that found no connection says so; a reply to another session's token is never used", async () => {
    configureApi({ getToken: () => 'token', onUnauthorized: () => {} });
    const calls = stubFetch([() => { throw new TypeError('Failed to fetch'); }, json({ other: 'session' }), json({ mine: true })]);
    startEarlyCalls({ pattern: '/desk', calls: ['/desk'] }, '/desk', 'token');
    loadEarly('/desk');
    await expect(apiCall('/desk')).rejects.toMatchObject({ message: CONNECTION_MESSAGE, status: null });
    startEarlyCalls({ pattern: '/fee-list', calls: ['/fee-list'] }, '/fee-list', 'someone-else');
    loadEarly('/fee-list');
    expect(await apiCall('/fee-list')).toEqual({ mine: true });
    expect(calls).toHaveLength(3);
  });

  it('a GetCall hands over an early reply already here at once, picked, and only once; a failed one is not handed over', async () => {
    configureApi({ getToken: () => 'token', onUnauthorized: () => {} });
    const calls = stubFetch([json({ data: ['a'] }), json({ data: ['b'] }), json({ message: 'busy' }, 503)]);
    const requests = getCall('/certificate-requests', { pick: (reply: { data: string[] }) => reply.data });
    expect(requests.settled()).toBeNull();
    startEarlyCalls({ pattern: '/certificates', calls: ['/certificate-requests'] }, '/certificates', 'token');
    const early = loadEarly('/certificate-requests');
    // Not yet come: nothing to hand over, and the reply stays for the screen's call.
    expect(requests.settled()).toBeNull();
    await early;
    expect(requests.settled()).toEqual({ value: ['a'] });
    expect(requests.settled()).toBeNull();
    expect(await requests()).toEqual(['b']);
    const failed = loadEarly('/certificate-requests');
    await failed?.catch(() => undefined);
    expect(requests.settled()).toBeNull();
    await expect(requests()).rejects.toMatchObject({ message: 'busy', status: 503 });
    expect(calls).toHaveLength(3);
  });

  it('nothing is started without a session', async () => {
    const calls = stubFetch([]);
    loadEarly('/desk');
    expect(calls).toHaveLength(0);
  });
});
