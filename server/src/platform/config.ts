import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';

/** Everything the server reads from the environment, resolved and checked once at start. */
export interface Config {
  repoRoot: string;
  version: string;
  port: number;
  host: string;
  /** Holds the SQLite file, the generated JWT secret and the OTP outbox. */
  dataDir: string;
  /** `postgres://...` for PostgreSQL; undefined for the embedded SQLite file. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  /** `redis://...`: several server processes share the live channel and presence through it; undefined: one process alone. */
  redisUrl: string | undefined;
  jwtSecret: string;
  tokenTtlSeconds: number;
  portalDist: string;
  extensionDir: string;
  /** Failed sign-ins per account (or unknown identifier) per window before 429. */
  loginMaxFailures: number;
  /** Failed sign-ins per client IP per window before 429. */
  loginMaxFailuresPerIp: number;
  loginWindowSeconds: number;
  /** Take the client IP from the last X-Forwarded-For entry (behind one reverse proxy). */
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** The embedded mail catcher: one JSON line per one-time code "sent". */
  outboxPath: string;
  /** The embedded blob store; files under its `public/` folder are served at /api/blobs/public/. */
  blobDir: string;
  /** Answers arriving this long after an attempt's deadline are kept but marked late; then the server submits it. */
  graceSeconds: number;
  /** How often the server looks for attempts past their deadline and grace (0: never, e.g. in tests). */
  sweepIntervalSeconds: number;
  /** Starts, syncs and pings run on a scratch database after boot, so an exam's first minute does not meet them cold (0: none). */
  warmUpRounds: number;
  /** The institute's IANA time zone: which calendar day it is (timetable, attendance). */
  timeZone: string;
  /** A Jitsi Meet domain (e.g. meet.example.edu) for embedded live-class rooms; unset: meeting links only. */
  jitsiDomain: string | undefined;
  /** Web Push (VAPID) keys, base64url: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else DATA_DIR/vapid-keys.json. */
  vapid: VapidKeys;
  /**
   * Push service hosts the institute allows beside the browsers' own (PUSH_ALLOWED_HOSTS, comma
   * separated: names, '*.' patterns or public IP addresses; decision 0052). Never a local address.
   */
  pushAllowedHosts: string[];
  /** A Firebase service account JSON file (FIREBASE_SERVICE_ACCOUNT): push to native apps' FCM tokens too. */
  firebaseServiceAccount: string | undefined;
  /** Razorpay keys (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET); unset: the local gateway simulator. */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string } | undefined;
  /** Milliseconds after a simulated payment before the simulator sends its webhook (GATEWAY_SIMULATOR_WEBHOOK_DELAY_MS; -1: never). */
  simulatorWebhookDelayMs: number;
  /**
   * The "admin service" of the spec (receipt printing, the certificate payment page): ADMIN_ORIGIN,
   * e.g. https://admin.example.edu, serving this server's /admin paths; unset: this origin.
   */
  adminOrigin: string | undefined;
  /** S3-compatible storage for every stored file (S3_*, decision 0036); undefined: the embedded store under BLOB_DIR. */
  s3: S3Config | undefined;
  /** MIGRATE_ON_START (default true): migrate (and seed the demo into an empty database) at start; false when `npm run migrate` is a separate deploy step. */
  migrateOnStart: boolean;
  /** LOG_FORMAT: json lines (default when NODE_ENV=production) or readable text. */
  logFormat: 'json' | 'text';
  /** LOG_LEVEL: debug, info (default), warn or error. */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** LOG_REQUESTS: one log line per request (default off: about 20 us a request, and nginx logs them too; deploy/env.example turns it on). */
  logRequests: boolean;
  /** SHUTDOWN_TIMEOUT_SECONDS (default 20): how long SIGTERM waits for in-flight requests before exiting anyway. */
  shutdownTimeoutSeconds: number;
}

/** The institute's bucket on an S3-compatible store, reached path-style. */
export interface S3Config {
  /** S3_ENDPOINT: http(s)://host[:port], e.g. https://s3.ap-south-1.amazonaws.com or http://127.0.0.1:9000; browsers reach it too. */
  endpoint: string;
  /** S3_REGION (default us-east-1). */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_BUCKET: the institute's bucket (one deployment serves one institute). */
  bucket: string;
  /** S3_CORS_ORIGINS (comma-separated, default *): the origins the bucket's CORS rule lets PUT and GET, when the server creates the bucket. */
  corsOrigins: string[];
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who push services contact about this sender: VAPID_SUBJECT, a mailto: or https: URL. */
  subject: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * The repository root: the nearest folder above this file whose package.json declares
 * workspaces. Works from server/src (tsx, vitest) and from the bundled server/dist/main.js.
 */
export function findRepoRoot(start: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
        if (parsed.workspaces) return dir;
      } catch {
        // not ours; keep walking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return resolve(start, '..', '..');
    dir = parent;
  }
}

function readVersion(repoRoot: string): string {
  try {
    const parsed = JSON.parse(readFileSync(join(repoRoot, 'server', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

function flag(env: Env, name: string): boolean {
  const raw = text(env, name)?.toLowerCase();
  return raw === '1' || raw === 'true' || raw === 'yes';
}

/** A yes/no setting with a default; anything but the usual spellings is an error. */
function switchOf(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${text(env, name)}".`);
}

function choice<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${text(env, name)}".`);
  return raw as T;
}

/**
 * The JWT secret: JWT_SECRET if set, else the one in DATA_DIR/jwt-secret, generated (mode 0600)
 * on first start so tokens survive restarts.
 */
function resolveJwtSecret(env: Env, dataDir: string): string {
  const fromEnv = text(env, 'JWT_SECRET');
  if (fromEnv) {
    if (fromEnv.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long.');
    return fromEnv;
  }
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process may have created it at the same moment; read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new ConfigError(`${file} holds a secret shorter than 32 characters; delete it to regenerate.`);
  return secret;
}

const base64UrlBytes = (value: string) => (/^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0));

/** A P-256 key pair as Web Push wants it: a 65-byte uncompressed public point, a 32-byte private key. */
function checkVapidKeys(keys: { publicKey?: unknown; privateKey?: unknown }, where: string): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = keys;
  if (typeof publicKey !== 'string' || base64UrlBytes(publicKey).length !== 65 || base64UrlBytes(publicKey)[0] !== 4) {
    throw new ConfigError(`${where}: the VAPID public key must be a base64url P-256 public key (65 bytes).`);
  }
  if (typeof privateKey !== 'string' || base64UrlBytes(privateKey).length !== 32) {
    throw new ConfigError(`${where}: the VAPID private key must be a base64url P-256 private key (32 bytes).`);
  }
  return { publicKey, privateKey };
}

/**
 * The VAPID keys browsers' push subscriptions are tied to: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY
 * if set, else DATA_DIR/vapid-keys.json, generated (mode 0600) on first start. Changing them
 * orphans every subscription, so they are kept like the JWT secret.
 */
function resolveVapidKeys(env: Env, dataDir: string): VapidKeys {
  const subject = text(env, 'VAPID_SUBJECT') ?? 'mailto:admin@invigil.invalid';
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}".`);
  }
  const publicKey = text(env, 'VAPID_PUBLIC_KEY');
  const privateKey = text(env, 'VAPID_PRIVATE_KEY');
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
    return { ...checkVapidKeys({ publicKey, privateKey }, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY'), subject };
  }
  const file = join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys(), null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  let stored: { publicKey?: unknown; privateKey?: unknown };
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  } catch {
    throw new ConfigError(`${file} is not valid JSON; delete it to regenerate (browsers then subscribe again).`);
  }
  return { ...checkVapidKeys(stored, file), subject };
}

function existingFile(env: Env, name: string): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  const path = resolve(raw);
  if (!existsSync(path)) throw new ConfigError(`${name} names ${path}, which does not exist.`);
  return path;
}

function razorpayKeys(env: Env): Config['razorpay'] {
  const keyId = text(env, 'RAZORPAY_KEY_ID');
  const keySecret = text(env, 'RAZORPAY_KEY_SECRET');
  const webhookSecret = text(env, 'RAZORPAY_WEBHOOK_SECRET');
  if (!keyId && !keySecret && !webhookSecret) return undefined;
  if (!keyId || !keySecret || !webhookSecret) throw new ConfigError('Set all of RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, or none (the local gateway simulator).');
  if (!/^rzp_(test|live)_\w+$/.test(keyId)) throw new ConfigError(`RAZORPAY_KEY_ID must look like rzp_test_... or rzp_live_..., got "${keyId}".`);
  return { keyId, keySecret, webhookSecret };
}

function origin(env: Env, name: string): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an origin such as https://admin.example.edu, got "${raw}".`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(`${name} must be an origin such as https://admin.example.edu, got "${raw}".`);
  }
  return url.origin;
}

/** The origin of an http(s) URL with no path, query or fragment, else undefined. */
function plainOrigin(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash || url.username || url.password) return undefined;
  return url.origin;
}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_BUCKET'] as const;
const S3_OPTIONAL = ['S3_REGION', 'S3_CORS_ORIGINS'] as const;

/** S3_*: all four required ones, or none of S3_* at all (the embedded store). */
function s3Config(env: Env): S3Config | undefined {
  const given = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => text(env, name) !== undefined);
  if (given.length === 0) return undefined;
  const missing = S3_REQUIRED.filter((name) => text(env, name) === undefined);
  if (missing.length > 0) {
    throw new ConfigError(`S3 storage needs ${S3_REQUIRED.join(', ')}; ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not (unset every S3_* for the embedded store).`);
  }
  const endpoint = plainOrigin(text(env, 'S3_ENDPOINT') as string);
  if (!endpoint) throw new ConfigError(`S3_ENDPOINT must be an origin such as https://s3.ap-south-1.amazonaws.com or http://127.0.0.1:9000 (no path), got "${text(env, 'S3_ENDPOINT')}".`);
  const bucket = text(env, 'S3_BUCKET') as string;
  // S3's bucket naming rules (also what path-style addressing needs).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens, got "${bucket}".`);
  }
  const region = text(env, 'S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,64}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as ap-south-1, got "${region}".`);
  const corsOrigins = (text(env, 'S3_CORS_ORIGINS') ?? '*').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of corsOrigins) {
    if (entry !== '*' && !plainOrigin(entry)) {
      throw new ConfigError(`S3_CORS_ORIGINS must be * or origins such as https://portal.example.edu, comma-separated, got "${entry}".`);
    }
  }
  return {
    endpoint,
    region,
    accessKeyId: text(env, 'S3_ACCESS_KEY_ID') as string,
    secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY') as string,
    bucket,
    corsOrigins: corsOrigins.map((entry) => (entry === '*' ? entry : (plainOrigin(entry) as string))),
  };
}

function timeZone(env: Env): string {
  const zone = text(env, 'INSTITUTE_TIME_ZONE') ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new ConfigError(`INSTITUTE_TIME_ZONE must be an IANA time zone such as Asia/Kolkata, got "${zone}".`);
  }
  return zone;
}

function hostName(env: Env, name: string): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  if (!/^[a-z0-9.-]+(:\d+)?$/i.test(raw)) throw new ConfigError(`${name} must be a host name such as meet.example.edu, got "${raw}".`);
  return raw.toLowerCase();
}

/** PUSH_ALLOWED_HOSTS: host names ('push.example.edu'), '*.' patterns or IP addresses, comma separated. */
function pushHosts(env: Env, name: string): string[] {
  const entries = (text(env, name) ?? '').split(',').map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(entry) && isIP(entry) === 0) {
      throw new ConfigError(`${name} takes host names such as push.example.edu or *.push.example.edu (no scheme, port or path), got "${entry}".`);
    }
  }
  return entries;
}

/** Reads the environment, creates DATA_DIR and, if needed, the JWT secret file. */
export function loadConfig(env: Env = process.env, repoRoot: string = findRepoRoot()): Config {
  const dataDir = resolve(text(env, 'DATA_DIR') ?? join(repoRoot, 'data'));
  mkdirSync(dataDir, { recursive: true });

  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite file).');
  }

  const redisUrl = text(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\/\S+$/i.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss:// (leave it unset for one server process alone).');
  }

  const logFormat = choice(env, 'LOG_FORMAT', ['json', 'text'] as const, text(env, 'NODE_ENV') === 'production' ? 'json' : 'text');

  return {
    repoRoot,
    version: readVersion(repoRoot),
    port: integer(env, 'PORT', 8080, 0, 65_535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    sqlitePath: join(dataDir, 'invigil.sqlite'),
    redisUrl,
    jwtSecret: resolveJwtSecret(env, dataDir),
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 7 * 24 * 60 * 60, 60, 366 * 24 * 60 * 60),
    portalDist: resolve(text(env, 'PORTAL_DIST') ?? join(repoRoot, 'portal', 'dist')),
    extensionDir: join(repoRoot, 'extension', 'build', 'chrome-mv3-prod'),
    loginMaxFailures: integer(env, 'LOGIN_MAX_FAILURES', 5, 1, 1_000_000),
    loginMaxFailuresPerIp: integer(env, 'LOGIN_MAX_FAILURES_PER_IP', 30, 1, 1_000_000),
    loginWindowSeconds: integer(env, 'LOGIN_WINDOW_SECONDS', 15 * 60, 1, 24 * 60 * 60),
    trustProxy: flag(env, 'TRUST_PROXY'),
    bodyLimitBytes: 1024 * 1024,
    outboxPath: join(dataDir, 'outbox.jsonl'),
    blobDir: join(dataDir, 'blobs'),
    graceSeconds: integer(env, 'GRACE_SECONDS', 120, 0, 24 * 60 * 60),
    sweepIntervalSeconds: integer(env, 'SWEEP_INTERVAL_SECONDS', 15, 0, 24 * 60 * 60),
    warmUpRounds: integer(env, 'WARM_UP_ROUNDS', 2000, 0, 100_000),
    timeZone: timeZone(env),
    jitsiDomain: hostName(env, 'JITSI_DOMAIN'),
    vapid: resolveVapidKeys(env, dataDir),
    pushAllowedHosts: pushHosts(env, 'PUSH_ALLOWED_HOSTS'),
    firebaseServiceAccount: existingFile(env, 'FIREBASE_SERVICE_ACCOUNT'),
    razorpay: razorpayKeys(env),
    simulatorWebhookDelayMs: integer(env, 'GATEWAY_SIMULATOR_WEBHOOK_DELAY_MS', 2000, -1, 24 * 60 * 60 * 1000),
    adminOrigin: origin(env, 'ADMIN_ORIGIN'),
    s3: s3Config(env),
    migrateOnStart: switchOf(env, 'MIGRATE_ON_START', true),
    logFormat,
    logLevel: choice(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
    logRequests: switchOf(env, 'LOG_REQUESTS', false),
    shutdownTimeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 20, 1, 600),
  };
}
