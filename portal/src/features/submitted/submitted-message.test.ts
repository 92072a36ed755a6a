import { describe, expect, it } from 'vitest';
import { redirectTarget, submittedAction, submittedMessage, submittedPageUrl } from './submitted-message';

describe('submitted page', () => {
  it('shows the message of each reason, exactly as the spec writes it', () => {
    expect(submittedMessage('TEST_TIME_OUT')).toBe('The test was auto submitted due to time out.');
    expect(submittedMessage('BLUR_ALLOWED_COUNT')).toBe('The test was submitted due to suspicious activity.');
    expect(submittedMessage('BLUR_TIME_OUT')).toBe('The test was submitted due to long time inactivity in website.');
    expect(submittedMessage('PROCTOR_TERMINATE')).toBe('The test was terminated by proctor.');
    expect(submittedMessage('Test already submitted.')).toBe('Test already submitted.');
  });

  it('falls back to the success message for manual, unknown or missing reasons', () => {
    for (const reason of ['manual', '', null, undefined, 'toString', 'whatever']) {
      expect(submittedMessage(reason)).toBe('Your test has been submitted successfully.');
    }
  });

  it('offers Upload PDFs only when post-test PDF upload is allowed', () => {
    expect(submittedAction(true)).toEqual({ label: 'Upload PDFs', href: '/test' });
    expect(submittedAction(false)).toEqual({ label: 'Back to Home', href: '/' });
  });

  it('redirects only to a path on this site', () => {
    const home = submittedAction(false);
    expect(redirectTarget(null, home)).toBe('/');
    expect(redirectTarget('/test-results', home)).toBe('/test-results');
    expect(redirectTarget('https://evil.example', home)).toBe('/');
    expect(redirectTarget('//evil.example', home)).toBe('/');
  });

  it('builds the address with reason, tid and uid', () => {
    expect(submittedPageUrl('Test already submitted.', 't 1', 'u1')).toBe('/test-submitted?reason=Test+already+submitted.&tid=t+1&uid=u1');
  });
});
