import { useState } from 'react';

/**
 * A screen's first data when the page's early GET has already brought it (GetCall.settled): the
 * first render shows it, with no spinner and no second render a turn later. The screen's load
 * effect asks `skipLoad()` first: true once (that load is done), then false, so a change of
 * parameters or a retry loads as before. Both stay the same for the screen's life.
 */
export function useEarlyReply<T>(settled: () => { value: T } | null): { early: { value: T } | null; skipLoad: () => boolean } {
  const [state] = useState(() => {
    const early = settled();
    let unused = early !== null;
    return {
      early,
      skipLoad: () => {
        const skip = unused;
        unused = false;
        return skip;
      },
    };
  });
  return state;
}
