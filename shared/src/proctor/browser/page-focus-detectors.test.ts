import { describe, expect, it } from 'vitest';
import type { FocusObservation } from '../focus-policy';
import { PROMPT_GRACE_MS, PROMPT_SETTLE_MS, PromptGrace } from '../prompt-grace';
import { pageFocusDetector } from './page-focus-detectors';
import { testClock } from '../test-clock';

const fakeClock = () => testClock();

/** A window whose focus the test moves, firing blur and focus as a browser does. */
function fakeWindow() {
  const target = new EventTarget();
  const docTarget = new EventTarget();
  let focused = true;
  const doc = Object.assign(docTarget, { visibilityState: 'visible', hasFocus: () => focused });
  const win = Object.assign(target, { document: doc }) as unknown as Window;
  const setFocus = (value: boolean) => {
    focused = value;
    target.dispatchEvent(new Event(value ? 'focus' : 'blur'));
  };
  return { win, setFocus };
}

async function watch(prompts?: PromptGrace, clockAndAdvance = fakeClock()) {
  const { clock, advance } = clockAndAdvance;
  const { win, setFocus } = fakeWindow();
  const seen: FocusObservation[] = [];
  await pageFocusDetector(win, prompts).start({ clock, emit: (observation) => seen.push(observation) });
  return { seen, setFocus, advance };
}

describe('page focus detector', () => {
  it('reports the window losing and regaining the focus', async () => {
    const { seen, setFocus, advance } = await watch();
    setFocus(false);
    advance(1000);
    setFocus(true);
    advance(0);
    expect(seen).toEqual([{ type: 'away', at: 0 }, { type: 'back', at: 1000 }]);
  });

  it("is not away while a prompt the test opened holds the focus, and is away if it still is after the prompt's grace", async () => {
    const timers = fakeClock();
    const prompts = new PromptGrace(timers.clock);
    const { seen, setFocus, advance } = await watch(prompts, timers);
    const close = prompts.open('file chooser');
    setFocus(false);
    advance(8_000);
    close();
    setFocus(true);
    advance(PROMPT_SETTLE_MS);
    expect(seen).toEqual([]);

    // The student went elsewhere from the chooser: away from the moment its grace ended.
    const closeAgain = prompts.open('file chooser');
    setFocus(false);
    advance(1_000);
    closeAgain();
    advance(PROMPT_SETTLE_MS);
    expect(seen).toEqual([{ type: 'away', at: 8_000 + PROMPT_SETTLE_MS + 1_000 + PROMPT_SETTLE_MS }]);
  });

  it('a prompt left open hides nothing after PROMPT_GRACE_MS', async () => {
    const timers = fakeClock();
    const prompts = new PromptGrace(timers.clock);
    const { seen, setFocus, advance } = await watch(prompts, timers);
    prompts.open('screen picker');
    setFocus(false);
    advance(PROMPT_GRACE_MS);
    expect(seen).toEqual([{ type: 'away', at: PROMPT_GRACE_MS }]);
  });
});
