/**
 * What the live channel says to the student (live.ts), apart from its schemas: the test page uses
 * these without loading the channel's code.
 */
export const CHAT_NOT_SENT = 'Message was not sent! Please try again.';
export const TEST_EXTENDED = (minutes: number) => `Test time extended by ${minutes} minutes.`;
export const TERMINATED_BY_PROCTOR = 'The test was terminated by proctor.';
