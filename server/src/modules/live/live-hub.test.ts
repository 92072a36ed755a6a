import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../platform/lib/logger';
import { createInProcessHub } from './live-hub';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the in-process hub', () => {
  it('hands a single publish over at once, ahead of a publishMany of 5,000 still being delivered', async () => {
    const hub = createInProcessHub({ logger: silentLogger });
    const heard: string[] = [];
    for (let i = 0; i < 5_000; i += 1) hub.subscribe(`student:t:${i}`, (m) => heard.push(`${i} ${(m as { type: string }).type}`));
    hub.publishMany(Array.from({ length: 5_000 }, (_, i) => [`student:t:${i}`, { type: 'chat' }] as const));
    await turn();
    // One chunk has gone; the command published now does not wait for the other 4,800.
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.length).toBeLessThan(5_000);
    hub.publish('student:t:4999', { type: 'command' });
    expect(heard.at(-1)).toBe('4999 command');
    for (let turns = 0; turns < 100 && heard.length < 5_001; turns += 1) await turn();
    expect(heard).toHaveLength(5_001);
    expect(heard.indexOf('4999 command')).toBeLessThan(heard.indexOf('4999 chat'));
    expect(new Set(heard).size).toBe(5_001);
  });

  it('never lets a message pass a queued one of its own type on its channel; other channels keep waiting', async () => {
    const hub = createInProcessHub({ logger: silentLogger });
    const heard: string[] = [];
    for (const name of ['a', 'b', 'c']) hub.subscribe(`student:t:${name}`, (m) => heard.push(`${name} ${(m as { type: string; n: number }).type} ${(m as { n: number }).n}`));
    hub.publishMany([
      ['student:t:a', { type: 'chat', n: 1 }],
      ['student:t:b', { type: 'chat', n: 1 }],
      ['student:t:c', { type: 'chat', n: 1 }],
      ['student:t:c', { type: 'chat', n: 2 }],
      ['student:t:nobody', { type: 'chat', n: 1 }],
    ]);
    hub.publish('student:t:c', { type: 'command', n: 1 });
    hub.publish('student:t:c', { type: 'chat', n: 3 });
    expect(heard).toEqual(['c command 1', 'c chat 1', 'c chat 2', 'c chat 3']);
    await turn();
    expect(heard).toEqual(['c command 1', 'c chat 1', 'c chat 2', 'c chat 3', 'a chat 1', 'b chat 1']);
  });

  it('a failing listener does not stop the fan-out; a listener gone before its turn hears nothing', async () => {
    const warnings: unknown[] = [];
    const hub = createInProcessHub({ logger: { ...silentLogger, warn: (...args) => void warnings.push(args) } });
    const heard: string[] = [];
    hub.subscribe('student:t:a', () => {
      throw new Error('a broken socket');
    });
    hub.subscribe('student:t:b', () => heard.push('b'));
    const stopC = hub.subscribe('student:t:c', () => heard.push('c'));
    hub.publishMany([
      ['student:t:a', { type: 'chat' }],
      ['student:t:b', { type: 'chat' }],
      ['student:t:c', { type: 'chat' }],
    ]);
    stopC();
    await turn();
    expect(heard).toEqual(['b']);
    expect(warnings).toHaveLength(1);
  });
});
