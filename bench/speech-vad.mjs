// npm run bench:speech: the speech detector's voice-activity detection and policy on labelled
// clips made here with Debian's espeak-ng and sox (apt-get install espeak-ng sox) (speech in several voices, speech over a fan,
// one short word, coughing fits, a fan, a mains hum, typing, silence), each over a quiet room's
// noise. Frames are taken as the page takes them from its AnalyserNode (the last 2048 samples,
// every 50 ms); prints per clip the segments found, the SPEECH events the policy raises, the time
// per frame, and whether that is what the label says. Decision 0013 quotes its figures.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FRAME_INTERVAL_MS, VoiceActivity } from '../shared/src/proctor/voice-activity.ts';
import { isSpeech } from '../shared/src/proctor/speech-policy.ts';

const RATE = 48_000;
const FFT = 2048;
const dir = join(process.cwd(), '.tmp', 'speech-clips');
mkdirSync(dir, { recursive: true });
const at = (name) => join(dir, name);
const sox = (...args) => execFileSync('sox', args, { stdio: ['ignore', 'ignore', 'pipe'] });
const espeak = (file, voice, speed, text) => execFileSync('espeak-ng', ['-v', voice, '-s', String(speed), '-w', file, text]);

const SENTENCES = [
  'Hey, what is the answer to question three? I think it is option B, force equals mass times acceleration.',
  'Can you read me the next question please, I cannot see it properly from here.',
  'Okay so the velocity is twenty metres per second and the time is four seconds, what is the distance?',
];

function make() {
  const room = (seconds, name) => (sox('-n', '-r', RATE, '-c', 1, '-b', 16, at(name), 'synth', seconds, 'whitenoise', 'vol', 0.001), at(name));
  const mixRoom = (file, seconds, out) => (sox('-m', room(seconds, `room-${out}`), file, at(out)), at(out));
  const clips = [];
  SENTENCES.forEach((text, i) => {
    const [voice, speed] = [['en', 150], ['en-us+f3', 130], ['en-gb+m3', 175]][i];
    espeak(at(`raw-speech-${i}.wav`), voice, speed, text);
    sox(at(`raw-speech-${i}.wav`), '-r', RATE, at(`rs-speech-${i}.wav`), 'pad', 1, 2);
    clips.push({ name: `speech ${voice} ${speed} wpm`, file: mixRoom(at(`rs-speech-${i}.wav`), 12, `speech-${i}.wav`), speech: true });
  });
  // An exchange of short questions with pauses between them (SSML breaks).
  execFileSync('espeak-ng', ['-m', '-v', 'en-us', '-s', '160', '-w', at('raw-pauses.wav'), '<speak>Hey. <break time="700ms"/> Number three? <break time="600ms"/> Is it B? <break time="900ms"/> Okay, thanks.</speak>']);
  sox(at('raw-pauses.wav'), '-r', RATE, at('rs-pauses.wav'), 'pad', 1, 2);
  clips.push({ name: 'short questions, pauses', file: mixRoom(at('rs-pauses.wav'), 10, 'pauses.wav'), speech: true });
  // Speech over a fan: the fan first, then a sentence over it.
  sox('-n', '-r', RATE, '-c', 1, '-b', 16, at('fan-bed.wav'), 'synth', 14, 'pinknoise', 'vol', 0.03);
  sox(at('rs-speech-0.wav'), at('rs-speech-0-late.wav'), 'pad', 3, 0);
  sox('-m', at('fan-bed.wav'), at('rs-speech-0-late.wav'), at('speech-fan.wav'));
  clips.push({ name: 'speech over a fan', file: at('speech-fan.wav'), speech: true });
  // One word to oneself, three times, seconds apart.
  espeak(at('raw-word.wav'), 'en', 150, 'Okay.');
  sox(at('raw-word.wav'), '-r', RATE, at('rs-word.wav'), 'pad', 1, 3);
  sox(at('rs-word.wav'), at('word3.wav'), 'repeat', 2);
  clips.push({ name: 'one word, three times', file: mixRoom(at('word3.wav'), 14, 'word.wav'), speech: false });
  // A cough: a sharp onset and a decaying burst of band-limited noise, 0.35 s; a voiced one adds a
  // short buzz at 180 Hz at its start. A fit is four of them 0.3 s apart, then quiet; twice.
  sox('-n', '-r', RATE, '-c', 1, '-b', 16, at('cough1.wav'), 'synth', 0.35, 'whitenoise', 'bandpass', 900, '1500h', 'fade', 'q', 0.01, 0.35, 0.3, 'vol', 0.6);
  sox('-n', '-r', RATE, '-c', 1, '-b', 16, at('buzz.wav'), 'synth', 0.15, 'sawtooth', 180, 'lowpass', 1500, 'fade', 'q', 0.01, 0.15, 0.08, 'vol', 0.3);
  sox('-m', at('cough1.wav'), at('buzz.wav'), at('cough-voiced.wav'));
  for (const [kind, one] of [['dry', 'cough1.wav'], ['voiced', 'cough-voiced.wav']]) {
    sox(at(one), at(`cough-gap-${kind}.wav`), 'pad', 0, 0.3);
    sox(at(`cough-gap-${kind}.wav`), at(`fit-${kind}.wav`), 'repeat', 3, 'pad', 1, 3);
    if (kind === 'voiced') {
      sox(at(`cough-gap-${kind}.wav`), at('long-fit.wav'), 'repeat', 9, 'pad', 1, 2);
      clips.push({ name: 'long coughing fit (voiced, 10)', file: mixRoom(at('long-fit.wav'), 10, 'coughs-long.wav'), speech: false });
    }
    sox(at(`fit-${kind}.wav`), at(`fits-${kind}.wav`), 'repeat', 1);
    clips.push({ name: `coughing fits (${kind})`, file: mixRoom(at(`fits-${kind}.wav`), 14, `coughs-${kind}.wav`), speech: false });
  }
  // A fan switched on after 2 s of a quiet room; a mains hum (a fridge) the same way.
  sox('-n', '-r', RATE, '-c', 1, '-b', 16, at('fan20.wav'), 'synth', 20, 'pinknoise', 'vol', 0.05);
  sox(at('fan20.wav'), at('fan-late.wav'), 'pad', 2, 0);
  clips.push({ name: 'fan switched on', file: mixRoom(at('fan-late.wav'), 22, 'fan.wav'), speech: false });
  sox('-n', '-r', RATE, '-c', 1, '-b', 16, at('hum20.wav'), 'synth', 20, 'sawtooth', 100, 'lowpass', 700, 'vol', 0.05);
  sox(at('hum20.wav'), at('hum-late.wav'), 'pad', 2, 0);
  clips.push({ name: 'mains hum switched on', file: mixRoom(at('hum-late.wav'), 22, 'hum.wav'), speech: false });
  // Typing: 8 ms clicks about five a second.
  sox('-n', '-r', RATE, '-c', 1, '-b', 16, at('click.wav'), 'synth', 0.008, 'whitenoise', 'vol', 0.5, 'pad', 0, 0.19);
  sox(at('click.wav'), at('typing-raw.wav'), 'repeat', 49);
  clips.push({ name: 'typing', file: mixRoom(at('typing-raw.wav'), 10, 'typing.wav'), speech: false });
  sox('-n', '-r', RATE, '-c', 1, '-b', 16, at('silence.wav'), 'trim', 0, 10);
  clips.push({ name: 'digital silence', file: at('silence.wav'), speech: false });
  return clips;
}

function samplesOf(file) {
  const raw = execFileSync('sox', [file, '-t', 'f32', '-r', String(RATE), '-c', '1', '-'], { maxBuffer: 64 << 20 });
  return new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
}

function run(samples) {
  const vad = new VoiceActivity();
  const segments = [];
  const step = (RATE * FRAME_INTERVAL_MS) / 1000;
  let frames = 0;
  const started = performance.now();
  for (let end = FFT; end <= samples.length; end += step) {
    frames += 1;
    segments.push(...vad.pushSamples((end / RATE) * 1000, samples.subarray(end - FFT, end), RATE));
  }
  segments.push(...vad.flush());
  return { segments, msPerFrame: (performance.now() - started) / frames };
}

const clips = make();
let right = 0;
console.log('clip                              | segments (start s, ms, voiced ms, modulation dB) | SPEECH | ms/frame | right');
for (const clip of clips) {
  const { segments, msPerFrame } = run(samplesOf(clip.file));
  const events = segments.filter(isSpeech);
  const ok = clip.speech ? events.length > 0 : events.length === 0;
  if (ok) right += 1;
  const list = segments.map((s) => `${(s.start / 1000).toFixed(1)}/${Math.round(s.end - s.start)}/${Math.round(s.voicedMs)}/${s.modulationDb.toFixed(1)}`).join(' ');
  console.log(`${clip.name.padEnd(34)}| ${list.padEnd(45)}| ${String(events.length).padStart(6)} | ${msPerFrame.toFixed(3).padStart(8)} | ${ok ? 'yes' : 'NO'}`);
}
console.log(`${right} of ${clips.length} clips right`);
