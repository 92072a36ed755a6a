import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, findRepoRoot, loadConfig } from './config';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'invigil-config-'));
  dirs.push(dir);
  return dir;
};

describe('config', () => {
  it('finds the repository root from the source file', () => {
    const root = findRepoRoot();
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces).toContain('server');
  });

  it('has the documented defaults', () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const config = loadConfig({ DATA_DIR: dataDir }, '/repo');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      sqlitePath: join(dataDir, 'invigil.sqlite'),
      tokenTtlSeconds: 7 * 24 * 60 * 60,
      portalDist: '/repo/portal/dist',
      extensionDir: '/repo/extension/build/chrome-mv3-prod',
      loginMaxFailures: 5,
      loginMaxFailuresPerIp: 30,
      loginWindowSeconds: 900,
      trustProxy: false,
      outboxPath: join(dataDir, 'outbox.jsonl'),
    });
    expect(statSync(dataDir).isDirectory()).toBe(true);
  });

  it('generates the JWT secret once, with mode 0600, and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }, '/repo');
    const second = loadConfig({ DATA_DIR: dataDir }, '/repo');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    const fromEnv = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'e'.repeat(40) }, '/repo');
    expect(fromEnv.jwtSecret).toBe('e'.repeat(40));
  });

  it('reads the environment and rejects bad values clearly', () => {
    const dataDir = tempDir();
    const config = loadConfig(
      { DATA_DIR: dataDir, PORT: '9000', HOST: '0.0.0.0', DATABASE_URL: 'postgres://u@h/db', TOKEN_TTL_SECONDS: '3600', LOGIN_MAX_FAILURES: '3', TRUST_PROXY: 'true', PORTAL_DIST: dataDir },
      '/repo',
    );
    expect(config).toMatchObject({ port: 9000, host: '0.0.0.0', databaseUrl: 'postgres://u@h/db', tokenTtlSeconds: 3600, loginMaxFailures: 3, trustProxy: true, portalDist: dataDir });
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'abc' }, '/repo')).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: '70000' }, '/repo')).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://x' }, '/repo')).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' }, '/repo')).toThrow(/JWT_SECRET/);
  });

  it('PUSH_ALLOWED_HOSTS: host names, *. patterns or IP addresses, lowercased; anything else stops the start', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }, '/repo').pushAllowedHosts).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir, PUSH_ALLOWED_HOSTS: ' Push.Example.edu, *.push.example.org,203.0.113.7 ,' }, '/repo').pushAllowedHosts).toEqual(['push.example.edu', '*.push.example.org', '203.0.113.7']);
    for (const bad of ['https://push.example.edu', 'push.example.edu:443', 'push.example.edu/send', '*', 'a.*.example.edu']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PUSH_ALLOWED_HOSTS: bad }, '/repo')).toThrow(/PUSH_ALLOWED_HOSTS/);
    }
  });

  it('REDIS_URL: a redis:// URL shares the live channel; unset, one process alone', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }, '/repo').redisUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: ' redis://127.0.0.1:6379/0 ' }, '/repo').redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'http://x' }, '/repo')).toThrow(/REDIS_URL/);
  });
});

describe('config: Web Push (VAPID) keys', () => {
  it('generates a key pair into DATA_DIR/vapid-keys.json (mode 0600) on first start and keeps it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }, '/repo').vapid;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toMatch(/^mailto:/);
    expect(statSync(join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }, '/repo').vapid).toEqual(first);
  });

  it('takes VAPID_* from the environment, both keys or neither, checked', () => {
    const source = loadConfig({ DATA_DIR: tempDir() }, '/repo').vapid;
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, VAPID_PUBLIC_KEY: source.publicKey, VAPID_PRIVATE_KEY: source.privateKey, VAPID_SUBJECT: 'https://institute.example.edu' };
    expect(loadConfig(env, '/repo').vapid).toEqual({ publicKey: source.publicKey, privateKey: source.privateKey, subject: 'https://institute.example.edu' });
    expect(() => statSync(join(dataDir, 'vapid-keys.json'))).toThrow();
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: source.publicKey }, '/repo')).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'abc' }, '/repo')).toThrow(/public key/);
    expect(() => loadConfig({ ...env, VAPID_PRIVATE_KEY: source.publicKey }, '/repo')).toThrow(/private key/);
    expect(() => loadConfig({ ...env, VAPID_SUBJECT: 'admin' }, '/repo')).toThrow(/VAPID_SUBJECT/);
  });

  it('refuses a FIREBASE_SERVICE_ACCOUNT file that does not exist', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }, '/repo').firebaseServiceAccount).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: tempDir(), FIREBASE_SERVICE_ACCOUNT: '/no/such/account.json' }, '/repo')).toThrow(/FIREBASE_SERVICE_ACCOUNT/);
  });
});
