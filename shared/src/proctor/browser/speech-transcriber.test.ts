import { describe, expect, it } from 'vitest';
import { MAX_FAILURES, speechTranscriber, type Recognition, type TranscriptObservation } from './speech-transcriber';
import { testClock } from '../test-clock';

const fakeClock = () => testClock();

class FakeRecognition implements Recognition {
  static instances: FakeRecognition[] = [];
  static availability = 'available';
  static asked: unknown[] = [];
  static available(options: unknown) {
    FakeRecognition.asked.push(options);
    return Promise.resolve(FakeRecognition.availability);
  }
  lang = '';
  continuous = false;
  interimResults = true;
  processLocally = false;
  onstart: (() => void) | null = null;
  onaudiostart: (() => void) | null = null;
  onresult: Recognition['onresult'] = null;
  onerror: Recognition['onerror'] = null;
  onend: (() => void) | null = null;
  running = false;
  stops = 0;
  aborted = false;
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    this.running = true;
    this.onstart?.();
  }
  stop() {
    this.stops += 1;
    this.end();
  }
  abort() {
    this.aborted = true;
    this.running = false;
  }
  hear(text: string, isFinal = true) {
    this.onaudiostart?.();
    this.onresult?.({ resultIndex: 0, results: { length: 1, 0: Object.assign([{ transcript: text }], { isFinal }) } });
  }
  end() {
    this.running = false;
    this.onend?.();
  }
}

const win = (extra: Record<string, unknown> = { SpeechRecognition: FakeRecognition }) => ({ navigator: { language: 'en-IN' }, ...extra }) as unknown as Window;

async function started() {
  FakeRecognition.instances = [];
  FakeRecognition.asked = [];
  const { clock, advance, pending } = fakeClock();
  const events: TranscriptObservation[] = [];
  const stop = await speechTranscriber(win()).start({ clock, emit: (event) => events.push(event) });
  return { clock, advance, pending, events, stop, latest: () => FakeRecognition.instances.at(-1)! };
}

describe('speech transcriber (Web Speech API, on the device only)', () => {
  it('asks for on-device recognition in the page language and says when it transcribes', async () => {
    const { events, latest, stop } = await started();
    expect(FakeRecognition.asked).toEqual([{ langs: ['en-IN'], processLocally: true }]);
    expect(latest()).toMatchObject({ lang: 'en-IN', continuous: true, interimResults: false, processLocally: true, running: true });
    expect(events).toEqual([{ type: 'state', transcribing: true }]);
    stop();
  });

  it('reports final words with their time, not interim ones', async () => {
    const { events, latest, advance, stop } = await started();
    advance(2000);
    latest().hear('what is the', false);
    latest().hear('what is the answer');
    expect(events.filter((event) => event.type === 'text')).toEqual([{ type: 'text', at: 2000, text: 'what is the answer' }]);
    stop();
  });

  it('starts a fresh recogniser every 30 s (spec section 9)', async () => {
    const { advance, stop } = await started();
    FakeRecognition.instances[0]!.hear('one');
    advance(29_999);
    expect(FakeRecognition.instances).toHaveLength(1);
    advance(1);
    expect(FakeRecognition.instances[0]!.stops).toBe(1);
    expect(FakeRecognition.instances).toHaveLength(2);
    FakeRecognition.instances[1]!.hear('two');
    advance(30_000);
    expect(FakeRecognition.instances).toHaveLength(3);
    stop();
  });

  it('starts again when the browser ends it, and gives up after recognisers that never heard audio', async () => {
    const { events, latest, advance, pending } = await started();
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      latest().end();
      advance(1000);
    }
    expect(FakeRecognition.instances).toHaveLength(MAX_FAILURES);
    expect(events.at(-1)).toEqual({ type: 'state', transcribing: false, reason: 'the recogniser kept stopping' });
    expect(pending()).toBe(0);
  });

  it('stops for good on a refusal', async () => {
    const { events, latest, advance, pending } = await started();
    latest().onerror?.({ error: 'not-allowed' });
    latest().end();
    advance(5000);
    expect(FakeRecognition.instances).toHaveLength(1);
    expect(events.at(-1)).toEqual({ type: 'state', transcribing: false, reason: 'not-allowed' });
    expect(pending()).toBe(0);
  });

  it('stop aborts the recogniser and clears its timers; nothing is reported after', async () => {
    const { events, latest, pending, stop } = await started();
    const recognition = latest();
    stop();
    expect(recognition.aborted).toBe(true);
    expect(pending()).toBe(0);
    recognition.hear('too late');
    expect(events.filter((event) => event.type === 'text')).toEqual([]);
  });

  it('refuses to start where recognition is not on the device (the vendor would get the audio) or missing', async () => {
    const { clock } = fakeClock();
    FakeRecognition.availability = 'downloadable';
    await expect(speechTranscriber(win()).start({ clock, emit: () => undefined })).rejects.toThrow('(downloadable)');
    FakeRecognition.availability = 'available';
    class CloudOnly extends FakeRecognition {}
    Object.defineProperty(CloudOnly, 'available', { value: undefined });
    await expect(speechTranscriber(win({ webkitSpeechRecognition: CloudOnly })).start({ clock, emit: () => undefined })).rejects.toThrow('no on-device recognition');
    await expect(speechTranscriber(win({})).start({ clock, emit: () => undefined })).rejects.toThrow('no Web Speech API');
  });
});
