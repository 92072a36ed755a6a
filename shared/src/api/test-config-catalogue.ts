import type { TestConfig } from './tests';
import { isFlagOn } from '../domain/config-flag';
import { AUTOSAVE_INTERVAL, BLUR_ALLOWED_COUNT, MAX_BLUR_ALLOWED_TIME, MAX_BLUR_ALLOWED_TIME_M, PING_INTERVAL, WARNING_OFFSET } from '../domain/constants';

/**
 * The test config keys the code reads (spec section 6 and 9; shared/proctor, the attempt's
 * attempt-config.ts, upload-types.ts, chat-config.ts), with what each does in plain words and its
 * default when a config leaves it out. The staff's test editor (issue 28) renders this list;
 * keys a config has beyond it are kept as they are ("Other settings"). A setting at its default
 * is left out of the config the editor writes, so the code's own default keeps applying.
 */
export type ConfigSettingKind = 'boolean' | 'number' | 'choice';

export interface ConfigSetting {
  key: string;
  label: string;
  kind: ConfigSettingKind;
  /** What the code does when the config does not mention the key. */
  default: boolean | number | string;
  help: string;
  /** For a choice: the values and their names. */
  choices?: readonly { value: string; label: string }[];
  /** A heading the editor groups the settings under. */
  group: 'Proctoring' | 'Focus and full screen' | 'Answers and uploads' | 'Test screen';
}

export const PROCTOR_TYPES = [
  { value: 'none', label: 'No video or screen proctoring' },
  { value: 'v-s', label: 'Video and screen share (one room per student)' },
  { value: 'screen', label: 'Screen share only' },
  { value: 'jitsi-single', label: 'Video, one room per student' },
  { value: 'jitsi-multi', label: 'Video, one room for the whole test' },
] as const;

export const TEST_CONFIG_CATALOGUE: readonly ConfigSetting[] = [
  { key: 'PROCTOR_TYPE', label: 'Proctoring type', kind: 'choice', default: 'none', choices: PROCTOR_TYPES, group: 'Proctoring', help: 'How a proctor watches: a video room with the proctor, the student\'s screen shared, both, or neither.' },
  { key: 'DETECT_MULTIFACE', label: 'Watch the camera for faces', kind: 'boolean', default: false, group: 'Proctoring', help: 'The camera checks that exactly one face is in front of the device; "no face" and "more than one face" go on the proctoring trail.' },
  { key: 'DETECT_FACE_MISMATCH', label: 'Compare the face with the profile photo', kind: 'boolean', default: false, group: 'Proctoring', help: 'Needs face watching on. An advisory note on the trail when the face does not look like the student\'s photo; never submits a test.' },
  { key: 'IMAGE_CAPTURE', label: 'Keep a snapshot when faces are wrong', kind: 'boolean', default: false, group: 'Proctoring', help: 'With face watching on: a photo is uploaded with each "no face" or "more than one face" note.' },
  { key: 'DETECT_FACE_NINTERVAL', label: 'Face check every (seconds)', kind: 'number', default: 10, group: 'Proctoring', help: 'How often the camera is checked while one face is seen.' },
  { key: 'DETECT_FACE_DINTERVAL', label: 'Face check after a problem (seconds)', kind: 'number', default: 15, group: 'Proctoring', help: 'How soon the camera is checked again after no face or several faces were seen.' },
  { key: 'IMAGE_PROCTOR', label: 'Photos at intervals', kind: 'boolean', default: false, group: 'Proctoring', help: 'A photo from the camera is uploaded every few seconds for the proctor.' },
  { key: 'IMAGE_PROCTOR_INTERVAL', label: 'Photo every (seconds)', kind: 'number', default: 60, group: 'Proctoring', help: 'How often a photo is taken with photos at intervals on (at least 10).' },
  { key: 'DETECT_SPEECH', label: 'Listen for speech', kind: 'boolean', default: false, group: 'Proctoring', help: 'The microphone notices talking and puts it on the proctoring trail.' },
  { key: 'AUDIO_RECORDING', label: 'Write down what is said', kind: 'boolean', default: true, group: 'Proctoring', help: 'With speech listening on: the words heard are transcribed for the proctor.' },
  { key: 'DISABLE_CHAT', label: 'Turn off the chat with the proctor', kind: 'boolean', default: true, group: 'Proctoring', help: 'The chat is off unless a config turns this off.' },
  { key: 'AUTO_TERMINATE', label: 'Submit after too many tab switches', kind: 'boolean', default: false, group: 'Focus and full screen', help: 'Leaving the test more times than allowed, or for too long, submits it.' },
  { key: 'FULL_SCREEN', label: 'Require full screen', kind: 'boolean', default: false, group: 'Focus and full screen', help: 'The test must stay in full screen; leaving it counts as leaving the test.' },
  { key: 'MOUSE_OUT', label: 'Notice the mouse leaving the window', kind: 'boolean', default: false, group: 'Focus and full screen', help: 'The pointer leaving the test window counts as leaving the test.' },
  { key: 'BLUR_ALLOWED_COUNT', label: 'Times a student may leave the test', kind: 'number', default: BLUR_ALLOWED_COUNT, group: 'Focus and full screen', help: 'Before the test is submitted (with automatic submission on). The default is 10 on screens under 500 px.' },
  { key: 'MAX_BLUR_ALLOWED_TIME', label: 'Seconds away before submission', kind: 'number', default: MAX_BLUR_ALLOWED_TIME, group: 'Focus and full screen', help: 'How long a student may stay away from the test on a computer.' },
  { key: 'MAX_BLUR_ALLOWED_TIME_M', label: 'Seconds away before submission (phone)', kind: 'number', default: MAX_BLUR_ALLOWED_TIME_M, group: 'Focus and full screen', help: 'The same on a phone or a small screen.' },
  { key: 'WARNING_OFFSET', label: 'Warning before submission (seconds)', kind: 'number', default: WARNING_OFFSET, group: 'Focus and full screen', help: 'The warning shows this many seconds (and leaves) before an automatic submission.' },
  { key: 'PDF_UPLOAD', label: 'Students may upload answer PDFs', kind: 'boolean', default: false, group: 'Answers and uploads', help: 'Answer sheets as PDF files while the test runs.' },
  { key: 'ONLY_PDF_ANSWER', label: 'Answers only as a PDF', kind: 'boolean', default: false, group: 'Answers and uploads', help: 'The whole answer is an uploaded PDF (takes PDFs as above).' },
  { key: 'HIDE_PRE_SUBMIT', label: 'Skip the upload step before submitting', kind: 'boolean', default: true, group: 'Answers and uploads', help: 'Turn off to show the upload dialog (photos, PDFs) before the submit dialog.' },
  { key: 'QUESTION_PDF_DOWNLOAD', label: 'Students may download the question PDF', kind: 'boolean', default: false, group: 'Answers and uploads', help: 'For a paper given as a PDF.' },
  { key: 'HIDE_TEST_PREVIEW', label: 'Hide the paper preview button', kind: 'boolean', default: true, group: 'Test screen', help: 'Turn off to let students see every question at once.' },
  { key: 'SHUFFLE_OPTIONS', label: 'Shuffle every question\'s options', kind: 'boolean', default: false, group: 'Test screen', help: 'For every student differently; sections and questions can also shuffle their own.' },
  { key: 'AUTOSAVE_INTERVAL', label: 'Autosave every (seconds)', kind: 'number', default: AUTOSAVE_INTERVAL, group: 'Test screen', help: 'Answers are also saved at each Save and Next.' },
  { key: 'PING_INTERVAL', label: 'Status to the proctor every (seconds)', kind: 'number', default: PING_INTERVAL, group: 'Test screen', help: 'How often the test screen tells the live console where the student is.' },
];

/** Keys the code reads under another name too: the editor shows the first, and reads either. */
export const CONFIG_KEY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  AUTO_TERMINATE: ['AUTO_TERMINATION'],
  FULL_SCREEN: ['FULLSCREEN', 'FULL_SCREEN_DETECTION'],
  MOUSE_OUT: ['MOUSE_OUT_DETECTION'],
  IMAGE_PROCTOR: ['IMAGE_PROCTORING'],
};

const CATALOGUE_KEYS = new Set(TEST_CONFIG_CATALOGUE.flatMap((setting) => [setting.key, ...(CONFIG_KEY_ALIASES[setting.key] ?? [])]));

const OFF_WORDS = ['false', '0', 'off', 'no'];
/** 'jitsi-multiple' is read as 'jitsi-multi' (video-proctoring-settings.ts). */
const CHOICE_ALIASES: Readonly<Record<string, string>> = { 'jitsi-multiple': 'jitsi-multi' };

const mentioned = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The value a setting has in a config: the config's (or an alias's), else its default. */
export function configValue(config: TestConfig, setting: ConfigSetting): boolean | number | string {
  const key = [setting.key, ...(CONFIG_KEY_ALIASES[setting.key] ?? [])].find((name) => mentioned(config[name]));
  const raw = key === undefined ? undefined : config[key];
  if (raw === undefined) return setting.default;
  if (setting.kind === 'boolean') {
    if (setting.default === false) return isFlagOn(raw);
    // A flag on by default is on unless the config turns it off.
    if (raw === false || raw === 0) return false;
    return typeof raw === 'string' ? !OFF_WORDS.includes(raw.trim().toLowerCase()) : true;
  }
  if (setting.kind === 'number') {
    const number = Number(raw);
    return Number.isFinite(number) && number > 0 ? number : setting.default;
  }
  const text = String(raw).trim().toLowerCase();
  return CHOICE_ALIASES[text] ?? text;
}

/** The config with one setting changed: its aliases go, and a value equal to the default is left out (the code's default applies). */
export function withConfigValue(config: TestConfig, setting: ConfigSetting, value: boolean | number | string | null): TestConfig {
  const next: TestConfig = { ...config };
  for (const alias of CONFIG_KEY_ALIASES[setting.key] ?? []) delete next[alias];
  if (value === null || value === setting.default || (typeof value === 'number' && !Number.isFinite(value))) delete next[setting.key];
  else next[setting.key] = value;
  return next;
}

/** The config's keys the catalogue does not know (CDN, BUCKET, an institute's own), kept as they are. */
export function otherConfigKeys(config: TestConfig): string[] {
  return Object.keys(config).filter((key) => !CATALOGUE_KEYS.has(key));
}
