import { describe, expect, it } from 'vitest';
import { isSpeech, microphoneStatusText, segmentText, speechDetail, speechSettings } from './speech-policy';

const segment = (start: number, end: number, voicedMs: number, modulationDb = 12) => ({ start, end, voicedMs, modulationDb });

describe('speech settings from the test config', () => {
  it('DETECT_SPEECH is off by default; AUDIO_RECORDING (transcripts) on by default', () => {
    expect(speechSettings({})).toEqual({ enabled: false, transcribe: true });
    expect(speechSettings({ DETECT_SPEECH: true })).toEqual({ enabled: true, transcribe: true });
    expect(speechSettings({ DETECT_SPEECH: 'true', AUDIO_RECORDING: 'true' })).toEqual({ enabled: true, transcribe: true });
  });

  it('AUDIO_RECORDING off in any spelling keeps only how long someone spoke', () => {
    for (const off of [false, 'false', 'FALSE', 0, '0', 'off', 'no']) expect(speechSettings({ DETECT_SPEECH: 1, AUDIO_RECORDING: off }).transcribe).toBe(false);
  });
});

describe('which segments are speech', () => {
  it('a second of voice, mostly voiced, rising and falling', () => {
    expect(isSpeech(segment(0, 1500, 1000))).toBe(true);
    expect(isSpeech(segment(0, 1500, 950))).toBe(false);
  });

  it('not a long coughing fit: voiced for only a quarter of it', () => {
    expect(isSpeech(segment(0, 6000, 1500))).toBe(false);
    expect(isSpeech(segment(0, 3000, 1200))).toBe(true);
  });

  it('not a steady hum', () => {
    expect(isSpeech(segment(0, 20_000, 20_000, 0.2))).toBe(false);
  });
});

describe('the SPEECH event', () => {
  const pieces = [
    { at: 500, text: 'earlier words' },
    { at: 1600, text: 'what is the' },
    { at: 3000, text: ' damn answer ' },
    { at: 5900, text: 'to three' },
    { at: 7000, text: 'later' },
  ];

  it('takes the words heard from just before the segment to shortly after it, profanity filtered', () => {
    expect(segmentText({ start: 2000, end: 4500 }, pieces)).toBe('what is the _ answer to three');
    expect(segmentText({ start: 2000, end: 4500 }, [])).toBe('');
  });

  it('cuts the text to 200 characters at a word', () => {
    const long = Array.from({ length: 60 }, (_, i) => ({ at: 1000 + i, text: `word${i}` }));
    const text = segmentText({ start: 1000, end: 2000 }, long);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.endsWith('…')).toBe(true);
    // Whole words only before the ellipsis.
    expect(text.slice(0, -1).split(' ').every((word, i) => word === `word${i}`)).toBe(true);
  });

  it('says how long and, with words, what', () => {
    expect(speechDetail(segment(1000, 3400.4, 1700.2), '')).toEqual({ ms: 2400, voiced_ms: 1700 });
    expect(speechDetail(segment(1000, 3400, 1700), 'hello there')).toEqual({ ms: 2400, voiced_ms: 1700, text: 'hello there' });
  });
});

describe('the status line', () => {
  it('says which of the two is active', () => {
    expect(microphoneStatusText('listening', 0)).toBe('Microphone: listening for speech');
    expect(microphoneStatusText('transcribing', 0)).toBe('Microphone: listening and transcribing');
    expect(microphoneStatusText('unavailable', 0)).toBe('Microphone: not available');
    expect(microphoneStatusText('starting', 3)).toBe('Microphone: starting');
    expect(microphoneStatusText('off', 0)).toBeNull();
  });

  it('says how often speech was noted', () => {
    expect(microphoneStatusText('listening', 1)).toBe('Microphone: listening for speech (speech noted once)');
    expect(microphoneStatusText('transcribing', 4)).toBe('Microphone: listening and transcribing (speech noted 4 times)');
  });
});
