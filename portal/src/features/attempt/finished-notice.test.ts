import { describe, expect, it } from 'vitest';
import { finishedNotice, terminatedOverlay } from './finished-notice';

describe('how the end of a test reads (issue 31)', () => {
  it('a termination is an error saying so, never a green success', () => {
    expect(finishedNotice({ message: 'The test was terminated by proctor.' }, 'PROCTOR_TERMINATE')).toEqual({ message: 'The test was terminated by proctor.', color: 'error' });
    expect(finishedNotice({ message: '' }, 'PROCTOR_TERMINATE').color).toBe('error');
    expect(finishedNotice({ message: '' }, 'manual')).toEqual({ message: 'Your test has been submitted successfully.', color: 'success' });
  });

  it('the overlay says the test was terminated, not only that it was submitted', () => {
    expect(terminatedOverlay('PROCTOR_TERMINATE', true)).toEqual({ title: 'Test terminated', body: 'The test was terminated by proctor. Your answers have been submitted.' });
    expect(terminatedOverlay('PROCTOR_TERMINATE', false)?.body).toBe('The test was terminated by proctor. Sending your last answers…');
    expect(terminatedOverlay('manual', true)).toBeNull();
  });
});
