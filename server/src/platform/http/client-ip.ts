import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address for rate limiting. Behind one reverse proxy (TRUST_PROXY=1) that is the
 * last X-Forwarded-For entry, the one the proxy itself appended; otherwise the socket's peer.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket, e.g. app.request() in tests.
    return 'unknown';
  }
}
