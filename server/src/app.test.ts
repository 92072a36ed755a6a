import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { errorReplySchema, healthReplySchema } from '@invigil/shared/api/common';
import { ERROR_MESSAGES } from './app';
import { PORTAL_CSP } from './platform/http/security-headers';
import { PORTAL_NOT_BUILT_MESSAGE } from './platform/http/portal-routes';
import { TEST_DATABASE_KIND } from './test-support/test-db';
import { useTestApp, writeFakePortal } from './test-support/test-app';

const newApp = useTestApp();

describe('GET /api/health', () => {
  it('reports ok, the database kind, the version and the uptime', async () => {
    const t = await newApp();
    t.clock.advance(42_000);
    const response = await t.get('/api/health');
    expect(response.status).toBe(200);
    const reply = healthReplySchema.parse(await response.json());
    expect(reply).toEqual({ status: 'ok', database: TEST_DATABASE_KIND, version: t.config.version, uptimeSeconds: 42 });
  });
});

describe('errors', () => {
  it('answers unknown API calls with a JSON 404, and a wrong method with a JSON 405 and Allow', async () => {
    const t = await newApp();
    for (const path of ['/api', '/api/', '/api/nope', '/api/login/extra', '/api/user?x=1']) {
      const response = await t.postJson(path, {});
      if (path === '/api/user?x=1') {
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD');
        continue;
      }
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(errorReplySchema.parse(await response.json()).message).toBe(ERROR_MESSAGES.apiNotFound);
    }
    const getLogin = await t.get('/api/login');
    expect(getLogin.status).toBe(405);
    expect(getLogin.headers.get('allow')).toBe('POST');
    expect(errorReplySchema.parse(await getLogin.json()).message).toBe(ERROR_MESSAGES.methodNotAllowed);
    const deleteUser = await t.app.request('/api/user', { method: 'DELETE' });
    expect(deleteUser.status).toBe(405);
  });

  it('answers a body over 1 MB with a JSON 413', async () => {
    const t = await newApp();
    const big = JSON.stringify({ phone: 'DEMO001', password: 'demo1234', referral: 'x'.repeat(1024 * 1024) });
    const response = await t.postJson('/api/login', big);
    expect(response.status).toBe(413);
    expect(errorReplySchema.parse(await response.json())).toEqual({ message: ERROR_MESSAGES.payloadTooLarge });

    // Also when the size is only known by reading the stream (no Content-Length).
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await t.app.request('/api/login', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('never lets odd input reach the 500 handler', async () => {
    const t = await newApp();
    const bodies: unknown[] = [
      { phone: 'DEMO001', password: 'demo1234', extra: { nested: [1, 2, 3] } },
      { phone: 'DEMO001', password: 'demo1234', __proto__: { admin: true } },
      { phone: '\u0000\u202e💥', password: '\u0000\u0000\u0000\u0000\u0000\u0000' },
      { phone: ' ', password: 'demo1234' },
      { phone: ['DEMO001'], password: { $ne: null } },
      { phone: 'DEMO001', password: 'x'.repeat(201) },
      { phone: 'DEMO001', password: 'demo1234', referral: 42 },
      '{"phone":"DEMO001","password":"demo1234","phone":"DEMO002"}',
      '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
      '\uFEFF{"phone":"DEMO001","password":"demo1234"}',
    ];
    for (const path of ['/api/login', '/api/verifyOTP']) {
      for (const body of bodies) {
        const response = await t.postJson(path, body);
        expect(response.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
        errorReplySchema.or(errorReplySchema.passthrough()).parse(await response.json());
      }
    }
    const token = await t.token('DEMO002');
    for (const body of bodies) {
      const response = await t.postJson('/api/changePassword', body, { 'x-access-token': token });
      expect(response.status).toBeLessThan(500);
    }
    expect(t.logger.errors).toEqual([]);
  });

  it('answers an unexpected exception with a logged 500 "Something went wrong!"', async () => {
    const t = await newApp();
    await t.db.kysely.schema.dropTable('login_failures').execute();
    const response = await t.postJson('/api/login', { phone: 'DEMO001', password: 'demo1234' });
    expect(response.status).toBe(500);
    expect(errorReplySchema.parse(await response.json())).toEqual({ message: ERROR_MESSAGES.unexpected });
    expect(t.logger.errors).toHaveLength(1);
  });
});

describe('security headers', () => {
  it('are on every reply: API, errors and portal', async () => {
    const t = await newApp();
    writeFakePortal(t.config.portalDist);
    for (const response of [await t.get('/api/health'), await t.get('/api/nope'), await t.get('/'), await t.get('/assets/missing.js')]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-security-policy')).toBeTruthy();
    }
    const csp = (await t.get('/')).headers.get('content-security-policy');
    expect(csp).toBe(PORTAL_CSP);
    for (const directive of ["default-src 'self'", "img-src 'self' data: blob:", "media-src 'self' blob:", "style-src 'self' 'unsafe-inline'", "connect-src 'self'", "frame-ancestors 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect((await t.get('/api/health')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('serving the portal', () => {
  it('serves files, hashed assets as immutable, and index.html for other paths outside /api', async () => {
    const t = await newApp();
    writeFakePortal(t.config.portalDist);

    const index = await t.get('/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    expect(html).toContain('<div id="root">');

    for (const route of ['/auth/login?nextUrl=%2Fprofile', '/queries/123', '/test/abc/in', '/study/5', '/index.html']) {
      const response = await t.get(route);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toBe(html);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }

    const asset = await t.get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("portal");');

    const favicon = await t.get('/favicon.svg');
    expect(favicon.headers.get('content-type')).toBe('image/svg+xml');
    expect(favicon.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves a precompressed sibling when the browser accepts it, and answers If-None-Match with 304', async () => {
    const t = await newApp();
    writeFakePortal(t.config.portalDist);
    const br = await t.get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(Buffer.from(await br.arrayBuffer()).toString()).toBe('BROTLI-BYTES');

    const plain = await t.get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(plain.headers.get('content-encoding')).toBeNull();

    const etag = plain.headers.get('etag') ?? '';
    const cached = await t.get('/assets/index-abc123.js', { 'if-none-match': etag });
    expect(cached.status).toBe(304);
  });

  it("names each route's screen chunks as module preloads and its first GETs for the page's early-data script; one page per route", async () => {
    const t = await newApp();
    writeFakePortal(t.config.portalDist);
    mkdirSync(join(t.config.portalDist, '.vite'), { recursive: true });
    const preloads = {
      routes: [
        { path: '/fee-list', files: ['assets/fee-list-page-a1.js', 'assets/table-rows-b2.js'], data: ['/fee-list'] },
        { path: '/notes/:subject/:chapter/:chapterId', files: ['assets/notes-page-b2.js'], data: ['/notes/:chapterId'] },
        { path: '/test/:id', files: ['assets/test-detail-page-c3.js'], data: ['/test/get/:id'] },
        { path: '/test/:id/in', files: ['assets/test-in-page-d4.js'] },
        // Never echoed into the page: not a chunk or a call of ours.
        { path: '/queries', files: ['https://elsewhere.example/x.js'], data: ['https://elsewhere.example/x'] },
      ],
    };
    writeFileSync(join(t.config.portalDist, '.vite', 'route-preloads.json'), JSON.stringify(preloads));
    const link = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
    const meta = (plan: object) => `<meta name="invigil-early-data" content="${JSON.stringify(plan).replace(/"/g, '&quot;')}">`;

    const fees = await (await t.get('/fee-list')).text();
    expect(fees).toContain(link('assets/fee-list-page-a1.js'));
    expect(fees).toContain(link('assets/table-rows-b2.js'));
    expect(fees).toContain(meta({ pattern: '/fee-list', calls: ['/fee-list'] }));
    expect(fees.indexOf(link('assets/table-rows-b2.js'))).toBeLessThan(fees.indexOf('</head>'));
    expect(fees.indexOf('invigil-early-data')).toBeLessThan(fees.indexOf('</head>'));
    expect(fees).toContain('<div id="root">');
    const testIn = await (await t.get('/test/abc-1/in?x=1')).text();
    expect(testIn).toContain(link('assets/test-in-page-d4.js'));
    expect(testIn).not.toContain('test-detail-page');
    // The test page's reply anchors the exam clock: never asked early (decision 0032).
    expect(testIn).not.toContain('invigil-early-data');
    const detail = await (await t.get('/test/abc-1')).text();
    expect(detail).toContain(link('assets/test-detail-page-c3.js'));
    expect(detail).toContain(meta({ pattern: '/test/:id', calls: ['/test/get/:id'] }));
    // The path's own values are not in the page (the script reads them from the address): a quote in the path changes nothing.
    const notes = await (await t.get('/notes/Physics/Laws%22%3E/abc')).text();
    expect(notes).toContain(meta({ pattern: '/notes/:subject/:chapter/:chapterId', calls: ['/notes/:chapterId'] }));
    expect(notes).not.toContain('Laws');
    expect(await (await t.get('/notes/Maths/Sets/xyz')).text()).toBe(notes);
    for (const plain of ['/queries', '/nowhere', '/']) {
      const html = await (await t.get(plain)).text();
      expect(html, plain).not.toContain('modulepreload');
      expect(html, plain).not.toContain('invigil-early-data');
    }

    const gzip = await t.get('/fee-list', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('cache-control')).toBe('no-cache');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(fees);
    const again = await t.get('/fee-list', { 'accept-encoding': 'gzip', 'if-none-match': gzip.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('serves byte ranges of a video, so the player can seek and show its length, and captions as text/vtt', async () => {
    const t = await newApp();
    writeFakePortal(t.config.portalDist);
    mkdirSync(join(t.config.portalDist, 'troubleshoot'), { recursive: true });
    writeFileSync(join(t.config.portalDist, 'troubleshoot', 'clip.webm'), '0123456789');
    writeFileSync(join(t.config.portalDist, 'troubleshoot', 'clip.vtt'), 'WEBVTT\n');

    const whole = await t.get('/troubleshoot/clip.webm');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/webm');

    const part = await t.get('/troubleshoot/clip.webm', { range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(part.headers.get('content-length')).toBe('4');
    expect(await part.text()).toBe('2345');

    const open = await t.get('/troubleshoot/clip.webm', { range: 'bytes=7-' });
    expect(await open.text()).toBe('789');
    const suffix = await t.get('/troubleshoot/clip.webm', { range: 'bytes=-3' });
    expect(suffix.headers.get('content-range')).toBe('bytes 7-9/10');
    expect(await suffix.text()).toBe('789');

    const beyond = await t.get('/troubleshoot/clip.webm', { range: 'bytes=10-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */10');

    // Several ranges, or another unit: the whole file.
    expect((await t.get('/troubleshoot/clip.webm', { range: 'bytes=0-1,4-5' })).status).toBe(200);
    expect((await t.get('/troubleshoot/clip.webm', { range: 'items=0-1' })).status).toBe(200);

    const captions = await t.get('/troubleshoot/clip.vtt');
    expect(captions.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
  });

  it('answers a missing hashed asset with 404, not index.html, and keeps /api apart', async () => {
    const t = await newApp();
    writeFakePortal(t.config.portalDist);
    const missing = await t.get('/assets/index-old999.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');

    const api = await t.get('/api/does-not-exist');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);

    // Only paths under the /api prefix are API paths.
    expect((await t.get('/apiary')).status).toBe(200);
  });

  it('never serves files outside PORTAL_DIST', async () => {
    const t = await newApp();
    writeFakePortal(t.config.portalDist);
    const html = await (await t.get('/')).text();
    for (const path of ['/../jwt-secret', '/%2e%2e/jwt-secret', '/..%2fjwt-secret', '/assets/..%2f..%2fjwt-secret', '/%2e%2e%5cjwt-secret', '/%E0%A4%A']) {
      const response = await t.get(path);
      const text = await response.text();
      expect(text, path).not.toContain(t.config.jwtSecret);
      expect([200, 404], path).toContain(response.status);
      if (response.status === 200) expect(text).toBe(html);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const t = await newApp();
    writeFakePortal(t.config.portalDist);
    const response = await t.app.request('/queries', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('streams big files whole', async () => {
    const t = await newApp();
    writeFakePortal(t.config.portalDist);
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 'a');
    writeFileSync(join(t.config.portalDist, 'assets', 'model-123.wasm'), bytes);
    const response = await t.get('/assets/model-123.wasm');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/wasm');
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers with a clear 503 when the portal has not been built', async () => {
    const t = await newApp();
    mkdirSync(join(t.config.portalDist, 'assets'), { recursive: true });
    const response = await t.get('/auth/login');
    expect(response.status).toBe(503);
    expect(await response.text()).toBe(PORTAL_NOT_BUILT_MESSAGE);
    expect(PORTAL_NOT_BUILT_MESSAGE).toContain('npm run build');
    // The API works regardless.
    expect((await t.get('/api/health')).status).toBe(200);
  });

  it('answers non-GET requests outside /api with a JSON 404', async () => {
    const t = await newApp();
    writeFakePortal(t.config.portalDist);
    const response = await t.postJson('/auth/login', {});
    expect(response.status).toBe(404);
    expect(errorReplySchema.parse(await response.json()).message).toBe(ERROR_MESSAGES.notFound);
  });
});

describe('a request body the client breaks off', () => {
  it('is not logged as an error of ours', async () => {
    const t = await newApp();
    const token = await t.token('DEMO001');
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      // A chunked body whose chunk size is not hexadecimal: Node's parser gives up mid-body.
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`POST /api/todo/save HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-access-token: ${token}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\nZZ\r\n`),
        );
        socket.on('data', () => {});
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(t.logger.errors).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
