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
export function portalCsp(jitsiDomain: string | undefined, storageOrigin?: string): string {
  let policy = PORTAL_CSP;
  const frames: string[] = [];
  if (jitsiDomain) {
    const origin = `https://${jitsiDomain}`;
    policy = policy.replace("script-src 'self' 'wasm-unsafe-eval'", `script-src 'self' 'wasm-unsafe-eval' ${origin}`);
    frames.push(origin);
  }
  // With S3 storage (decision 0036) the browser PUTs files to the bucket and follows redirects to
  // presigned GETs there: images, audio and video, and PDFs shown in a frame.
  if (storageOrigin) {
    policy = policy
      .replace("img-src 'self' data: blob:", `img-src 'self' data: blob: ${storageOrigin}`)
      .replace("media-src 'self' blob:", `media-src 'self' blob: ${storageOrigin}`)
      .replace("connect-src 'self'", `connect-src 'self' ${storageOrigin}`);
    frames.push(storageOrigin);
  }
  return frames.length === 0 ? policy : policy.replace("default-src 'self'", `default-src 'self'; frame-src 'self' ${frames.join(' ')}`);
}

/** API replies are data, never documents to render. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const isApiPath = (path: string): boolean => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

/** The security headers of every reply; the portal's CSP allows the institute's Jitsi domain and S3 storage when set. */
export function securityHeaders({ jitsiDomain, storageOrigin }: { jitsiDomain: string | undefined; storageOrigin?: string | undefined }) {
  const portalPolicy = portalCsp(jitsiDomain, storageOrigin);
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
