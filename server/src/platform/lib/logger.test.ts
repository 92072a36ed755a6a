import { describe, expect, it } from 'vitest';
import type { LogLevel } from './logger';
import { createLogger } from './logger';

function capture(format: 'json' | 'text', level: LogLevel = 'info') {
  const lines: { line: string; level: LogLevel }[] = [];
  return { lines, logger: createLogger({ format, level, write: (line, lvl) => void lines.push({ line, level: lvl }) }) };
}

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('logger', () => {
  it('writes JSON lines with level, time, msg, pid and the fields', () => {
    const { lines, logger } = capture('json');
    logger.event('info', 'request', { reqId: 'abc', method: 'POST', path: '/api/test/sync', status: 200, ms: 3.2 });
    logger.error('Could not prune:', new Error('disk full'));
    const [request, failure] = lines.map(({ line }) => JSON.parse(line) as Record<string, unknown>);
    expect(request).toEqual({ level: 'info', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), msg: 'request', pid: process.pid, reqId: 'abc', method: 'POST', path: '/api/test/sync', status: 200, ms: 3.2 });
    expect(failure).toMatchObject({ level: 'error', msg: 'Could not prune:', err: { name: 'Error', message: 'disk full' } });
    expect(lines.map((entry) => entry.level)).toEqual(['info', 'error']);
  });

  it('never writes tokens, passwords or credentials in URLs', () => {
    for (const format of ['json', 'text'] as const) {
      const { lines, logger } = capture(format);
      logger.info(`hello with ${JWT}`, { token: 'abc', password: 'demo1234', nested: { 'x-access-token': 'zzz' } });
      logger.warn('Could not connect to postgres://invigil:hunter2@db.example:5432/invigil');
      logger.event('info', 'request', { authorization: 'Bearer abc' });
      const text = lines.map((entry) => entry.line).join('\n');
      expect(text).not.toContain(JWT);
      expect(text).not.toContain('demo1234');
      expect(text).not.toContain('zzz');
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('Bearer abc');
      expect(text).toContain('postgres://invigil:[redacted]@db.example');
    }
  });

  it('is readable text in development and drops levels below the chosen one', () => {
    const { lines, logger } = capture('text', 'warn');
    logger.info('not shown');
    logger.warn('Careful', 'now');
    expect(lines.map((entry) => entry.line)).toEqual(['WARN Careful now']);
  });
});
