import { describe, expect, it } from 'vitest';
import { instructionPath, isStartDisabled, testCardLabel, testStartLink, type TestCardItem } from './test-card';

const DAY = 24 * 3600 * 1000;
const item = (partial: Partial<TestCardItem> = {}): TestCardItem => ({ _id: 't1', time_to_start: DAY, ...partial });

describe('testCardLabel', () => {
  it('checks resumable, ended, attempted, in that order', () => {
    expect(testCardLabel(item({ resumeable: true, attempted: true, time_to_start: -DAY }))).toBe('Resume');
    expect(testCardLabel(item({ attempted: true, time_to_start: -2 * DAY }))).toBe('Test ended 2 days ago');
    expect(testCardLabel(item({ time_to_start: -60_000 }))).toBe('Test ended 1 minute ago');
    expect(testCardLabel(item({ attempted: true }))).toBe('Attempted');
    expect(testCardLabel(item())).toBe('Ready Check');
  });
  it('has not ended at time_to_start 0', () => {
    expect(testCardLabel(item({ time_to_start: 0 }))).toBe('Ready Check');
  });
});

describe('isStartDisabled', () => {
  it('disables an attempted test unless resumable', () => {
    expect(isStartDisabled(item({ attempted: true }))).toBe(true);
    expect(isStartDisabled(item({ attempted: true, resumeable: true }))).toBe(false);
    expect(isStartDisabled(item({ attempted: true, resumeable: true, time_to_start: -DAY }))).toBe(false);
  });
  it('disables a test not attempted once it has ended', () => {
    expect(isStartDisabled(item({ time_to_start: -1 }))).toBe(true);
    expect(isStartDisabled(item({ time_to_start: 0 }))).toBe(false);
    expect(isStartDisabled(item())).toBe(false);
  });
});

describe('testStartLink', () => {
  it('goes to the device check unless the test or the user skips preparation', () => {
    expect(testStartLink(item())).toBe('/test/t1/ready-check');
    expect(testStartLink(item(), { SKIP_PREPARE: false })).toBe('/test/t1/ready-check');
    expect(testStartLink(item(), { SKIP_PREPARE: 'false' })).toBe('/test/t1/ready-check');
    expect(testStartLink(item({ SKIP_PREPARE: true }))).toBe('/test/t1/instruction');
    expect(testStartLink(item({ SKIP_PREPARE: 'true' }))).toBe('/test/t1/instruction');
    expect(testStartLink(item(), { SKIP_PREPARE: 'true' })).toBe('/test/t1/instruction');
    expect(testStartLink(item(), { SKIP_PREPARE: true })).toBe('/test/t1/instruction');
  });
  it('appends resume=true when resumable', () => {
    expect(testStartLink(item({ resumeable: true }))).toBe('/test/t1/ready-check?resume=true');
    expect(testStartLink(item({ resumeable: true, SKIP_PREPARE: true }))).toBe('/test/t1/instruction?resume=true');
  });
  it('encodes the id', () => {
    expect(testStartLink(item({ _id: 'a/b?c' }), null)).toBe('/test/a%2Fb%3Fc/ready-check');
  });
  it('sends a chapter test to its own instructions, after the device check when that is not skipped', () => {
    const chapter = item({ type: 'chapter' });
    expect(testStartLink({ ...chapter, SKIP_PREPARE: true })).toBe('/chapter-test/t1/instruction');
    expect(testStartLink(chapter, { SKIP_PREPARE: '1' })).toBe('/chapter-test/t1/instruction');
    expect(testStartLink({ ...chapter, SKIP_PREPARE: true, resumeable: true })).toBe('/chapter-test/t1/instruction?resume=true');
    expect(testStartLink(chapter)).toBe('/test/t1/ready-check');
    expect(instructionPath({ _id: 'c 1', type: 'chapter' })).toBe('/chapter-test/c%201/instruction');
    expect(instructionPath({ _id: 't1', type: 'live' })).toBe('/test/t1/instruction');
    expect(instructionPath({ _id: 't1' })).toBe('/test/t1/instruction');
  });
});
