import type { ProctorEvent } from '@invigil/shared/api/proctor';
import { EventReporter } from './event-reporter';
import { postProctorEvents } from './proctor-api';
import { sessionValue } from './session-value';

/** A reporter to the test's proctoring trail whose undelivered events wait in the tab's session storage under `storageKey`. */
export function trailReporter(testId: string, storageKey: string): EventReporter {
  const queueStore = sessionValue(storageKey);
  return new EventReporter({
    send: (events) => postProctorEvents(testId, events),
    store: {
      get: () => {
        try {
          return JSON.parse(queueStore.get() ?? '[]') as ProctorEvent[];
        } catch {
          return [];
        }
      },
      set: (events) => queueStore.set(JSON.stringify(events)),
    },
  });
}
