import { signal } from '@preact/signals-react';

/**
 * True while a test attempt is running. The guard then cancels any navigation away from a
 * test-in route (spec: "Leaving a test-in route for another route while a test is in progress
 * is cancelled").
 */
export const testInProgress = signal(false);
