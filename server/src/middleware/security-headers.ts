import { createMiddleware } from 'hono/factory';
import { API_PREFIX } from '@invigil/shared/api/http';

/**
 * For the portal's HTML and assets. Compatible with a Vite React build: no inline scripts, styles
 * may be inline (React style props), camera snapshots and recordings use data:/blob: URLs.
 * Beyond the base policy: 'wasm-unsafe-eval' for the WebAssembly face and voice detectors,
 * blob: workers, and data: fonts that Vite may inline.
 */
export const PORTAL_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The portal's policy when the institute embeds Jitsi rooms (config.jitsiDomain): the live-class
 * page loads the Jitsi IFrame API script from that domain and frames its rooms; nothing else is
 * opened up, and without a Jitsi domain the policy is PORTAL_CSP exactly.
 */
export function portalCsp(jitsiDomain: string | undefined): string {
  if (!jitsiDomain) return PORTAL_CSP;
  const origin = `https://${jitsiDomain}`;
  return PORTAL_CSP.replace("script-src 'self' 'wasm-unsafe-eval'", `script-src 'self' 'wasm-unsafe-eval' ${origin}`).replace(
    "default-src 'self'",
    `default-src 'self'; frame-src 'self' ${origin}`,
  );
}

/** API replies are data, never documents to render. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const isApiPath = (path: string): boolean => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

/** The security headers of every reply; the portal's CSP allows the institute's Jitsi domain when set. */
export function securityHeaders({ jitsiDomain }: { jitsiDomain: string | undefined }) {
  const portalPolicy = portalCsp(jitsiDomain);
  return createMiddleware(async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'SAMEORIGIN');
    // A page that needs its own policy (Razorpay's checkout page) sets it; every other reply gets ours.
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', isApiPath(c.req.path) ? API_CSP : portalPolicy);
    if (isApiPath(c.req.path) && !headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  });
}
