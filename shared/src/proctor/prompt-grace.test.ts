import { describe, expect, it } from 'vitest';
import { PROMPT_GRACE_MS, PROMPT_SETTLE_MS, PromptGrace, type PromptEnd } from './prompt-grace';
import { testClock } from './test-clock';

const fakeClock = () => testClock(1000);

function grace() {
  const { clock, advance } = fakeClock();
  const prompts = new PromptGrace(clock);
  const seen: (PromptEnd | null)[] = [];
  prompts.subscribe((ended) => seen.push(ended));
  return { prompts, seen, advance };
}

describe('prompt grace', () => {
  it('lasts while the prompt is open and a moment after, then reports how long it was open', () => {
    const { prompts, seen, advance } = grace();
    const close = prompts.open('file chooser');
    expect(prompts.active()).toBe(true);
    advance(12_000);
    close();
    close();
    advance(PROMPT_SETTLE_MS - 1);
    expect(prompts.active()).toBe(true);
    advance(1);
    expect(prompts.active()).toBe(false);
    expect(seen).toEqual([null, { prompt: 'file chooser', at: 1_000, ms: 12_000 }]);
  });

  it('ends after PROMPT_GRACE_MS even if the prompt never closes', () => {
    const { prompts, seen, advance } = grace();
    const close = prompts.open('screen picker');
    advance(PROMPT_GRACE_MS);
    expect(prompts.active()).toBe(false);
    expect(seen.at(-1)).toEqual({ prompt: 'screen picker', at: 1_000, ms: PROMPT_GRACE_MS });
    // Closing it late starts no new grace.
    close();
    expect(prompts.active()).toBe(false);
  });

  it('a new prompt ends the one before; closing the old one then changes nothing', () => {
    const { prompts, seen, advance } = grace();
    const closeFirst = prompts.open('file chooser');
    advance(500);
    prompts.open('screen picker');
    expect(seen).toEqual([null, { prompt: 'file chooser', at: 1_000, ms: 500 }, null]);
    closeFirst();
    advance(PROMPT_SETTLE_MS);
    expect(prompts.active()).toBe(true);
  });
});
