import { createHash } from 'node:crypto';
import temml from 'temml';
import type { BankFile, BankFormat, BankQuestionDraft, BankTags, FormatResult } from '@invigil/shared/api/question-bank';
import { BANK_FILE_SCHEME, bankQuestionDraftSchema } from '@invigil/shared/api/question-bank';
import type { ImportQuestion } from '@invigil/shared/api/test-import';

/**
 * What the three importers and the exporter share: limits, the typed error, text formats, TeX to
 * MathML, embedded files, and the last check every converted question goes through.
 */

/** Files over this are refused before they are parsed. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Questions (and skipped questions) in one file. */
export const MAX_QUESTIONS = 5_000;

/** The whole file cannot be read: the message says why, for the person who uploaded it. */
export class FormatError extends Error {
  override readonly name = 'FormatError';
}

export function checkFileSize(bytes: number): void {
  if (bytes > MAX_FILE_BYTES) {
    throw new FormatError(`The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; files of at most 20 MB can be imported. Split it into smaller files.`);
  }
}

export function tooManyQuestions(): FormatError {
  return new FormatError(`The file has more than ${MAX_QUESTIONS} questions; import at most ${MAX_QUESTIONS} at a time (split the file).`);
}

/** Text as bytes (UTF-8, a byte order mark dropped), for importers that take either. */
export function asText(input: string | Uint8Array): string {
  const text = typeof input === 'string' ? input : Buffer.from(input).toString('utf8');
  checkFileSize(typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength);
  return text.replace(/^\uFEFF/, '');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Moodle's text formats, and the ones GIFT names in brackets. */
export type TextFormat = 'html' | 'moodle_auto_format' | 'plain_text' | 'markdown';

export function textFormat(name: string | undefined, fallback: TextFormat): TextFormat {
  switch ((name ?? '').trim().toLowerCase()) {
    case 'html':
      return 'html';
    case 'moodle_auto_format':
    case 'moodle':
      return 'moodle_auto_format';
    case 'plain_text':
    case 'plain':
      return 'plain_text';
    case 'markdown':
      return 'markdown';
    default:
      return fallback;
  }
}

/**
 * Text of a format as HTML:
 * - html: kept as it is (the service sanitises HTML when it stores it, the portal again when it shows it);
 * - plain_text: escaped, newlines become <br>;
 * - moodle_auto_format: Moodle's own rendering of it keeps HTML tags and turns newlines into
 *   <br> (Moodle 1.9 files use it with <br /> inside), so: tags kept, newlines become <br>;
 * - markdown: a light conversion: escaped, blank lines make paragraphs, single newlines <br>,
 *   **bold**, *italic* / _italic_, `code`, and [text](http://link). Headings, lists and tables
 *   stay as their text.
 */
export function formatToHtml(text: string, format: TextFormat): string {
  const trimmed = text.trim();
  switch (format) {
    case 'html':
      return trimmed;
    case 'plain_text':
      return escapeHtml(trimmed).replace(/\r?\n/g, '<br>');
    case 'moodle_auto_format':
      return trimmed.replace(/\r?\n/g, '<br>');
    case 'markdown':
      return markdownToHtml(trimmed);
  }
}

function markdownToHtml(text: string): string {
  if (text === '') return '';
  const inline = (line: string) =>
    escapeHtml(line)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
      .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
      .replace(/(^|\W)_([^_\s][^_]*)_(?=\W|$)/g, '$1<em>$2</em>')
      .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2">$1</a>');
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${paragraph.split(/\r?\n/).map(inline).join('<br>')}</p>`)
    .join('');
}

/** TeX as Moodle's MathJax filter finds it: $$...$$ and \[...\] (display), \(...\) (inline). */
const TEX_PATTERN = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)/g;

/**
 * TeX math in HTML as MathML (temml), the TeX kept as the <annotation>, because the student's
 * screen renders MathML. A formula temml cannot read is left as TeX and reported in `problems`.
 */
export function texToMathml(html: string, problems: string[]): string {
  if (!html.includes('$$') && !html.includes('\\(') && !html.includes('\\[')) return html;
  return html.replace(TEX_PATTERN, (whole, display1: string | undefined, display2: string | undefined, inline: string | undefined) => {
    const source = display1 ?? display2 ?? inline ?? '';
    // The TeX sits in HTML: entities (&lt;, &amp;) and line breaks are the editor's, not TeX's.
    const tex = decodeEntities(source.replace(/<br\s*\/?>/gi, ' ')).trim();
    if (tex === '') return whole;
    try {
      return temml.renderToString(tex, { displayMode: inline === undefined, annotate: true, throwOnError: true });
    } catch (error) {
      problems.push(`The formula ${whole.length > 80 ? `${whole.slice(0, 77)}...` : whole} could not be converted to MathML (${error instanceof Error ? error.message.trim() : 'unreadable TeX'}); it is kept as TeX.`);
      return whole;
    }
  });
}

/** MathML that texToMathml made, back to \(TeX\) or \[TeX\] (the exporter: Moodle shows TeX with MathJax). */
export function mathmlToTex(html: string): string {
  if (!html.includes('<math')) return html;
  return html.replace(/<math\b([^>]*)>[\s\S]*?<\/math>/g, (whole, attributes: string) => {
    const annotation = /<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/.exec(whole);
    if (!annotation) return whole;
    const tex = decodeEntities(annotation[1] ?? '');
    const display = /display="block"/.test(attributes);
    return display ? `\\[${escapeHtml(tex)}\\]` : `\\(${escapeHtml(tex)}\\)`;
  });
}

const MIME_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  bmp: 'image/bmp',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

export function mimeOf(name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return MIME_TYPES[extension] ?? 'application/octet-stream';
}

/** The embedded files of one import, each stored once however many questions use it. */
export class FileBag {
  private readonly bySha = new Map<string, BankFile>();

  add(name: string, bytes: Buffer): BankFile {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const known = this.bySha.get(sha256);
    if (known) return known;
    const file: BankFile = { name, mime: mimeOf(name), bytes, sha256 };
    this.bySha.set(sha256, file);
    return file;
  }

  get files(): BankFile[] {
    return [...this.bySha.values()];
  }
}

export function placeholder(sha256: string): string {
  return `${BANK_FILE_SCHEME}${sha256}`;
}

/** Base64 as bytes, or null when it is not base64. */
export function decodeBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

/** The segments of a Moodle category path that say something: no "$course$", "top" or "Default for ...". */
export function categorySegments(path: string): string[] {
  return path
    .split('/')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && !/^\$[a-z]+\$$/i.test(segment) && segment.toLowerCase() !== 'top' && !/^default for\b/i.test(segment));
}

/**
 * Tags from a category path: the last segment is the chapter and the one before it the subject
 * ("$course$/top/Physics/Kinematics" -> Physics, Kinematics); a single segment is the subject.
 * Deeper segments are kept as labels.
 */
export function tagsFromCategory(path: string | null, labels: string[]): BankTags {
  const segments = path ? categorySegments(path) : [];
  let subject: string | null = null;
  let chapter: string | null = null;
  const extra: string[] = [];
  if (segments.length === 1) subject = segments[0] ?? null;
  else if (segments.length >= 2) {
    subject = segments[segments.length - 2] ?? null;
    chapter = segments[segments.length - 1] ?? null;
    extra.push(...segments.slice(0, -2));
  }
  let difficulty: BankTags['difficulty'] = null;
  const kept: string[] = [];
  for (const label of [...extra, ...labels]) {
    const level = difficultyOf(label.replace(/^difficulty\s*[:=]\s*/i, ''));
    if (/^difficulty\s*[:=]/i.test(label) && level !== null) difficulty = level;
    else kept.push(label.trim().slice(0, 100));
  }
  return { subject: subject?.slice(0, 200) ?? null, chapter: chapter?.slice(0, 200) ?? null, difficulty, labels: [...new Set(kept.filter((label) => label !== ''))].slice(0, 50) };
}

/** "easy"/"1" -> 1, "medium"/"2" -> 2, "hard"/"3" -> 3, else null. */
export function difficultyOf(text: string): 1 | 2 | 3 | null {
  switch (text.trim().toLowerCase()) {
    case '1':
    case 'easy':
      return 1;
    case '2':
    case 'medium':
      return 2;
    case '3':
    case 'hard':
      return 3;
    default:
      return null;
  }
}

export const DIFFICULTY_NAMES = { 1: 'easy', 2: 'medium', 3: 'hard' } as const;

/** A question with every field of ImportQuestion, defaults filled. */
export function baseQuestion(fields: Partial<ImportQuestion> & Pick<ImportQuestion, 'qt' | 'pm' | 'text'>): ImportQuestion {
  return {
    nm: 0,
    so: false,
    options: {},
    answer: null,
    solution: null,
    extra: null,
    pdf: null,
    pdf_images: [],
    difficulty: null,
    subject_id: null,
    attachments: [],
    ...fields,
  };
}

/** The last gate: a draft that fails the schema or the per-question checks is a skip, never half-imported. */
export function finishDraft(draft: BankQuestionDraft): { ok: true; draft: BankQuestionDraft } | { ok: false; reason: string } {
  const parsed = bankQuestionDraftSchema.safeParse(draft);
  if (parsed.success) return { ok: true, draft: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  return { ok: false, reason: `The converted question is not valid${where}: ${issue?.message ?? 'unknown problem'}` };
}

/** Collects the result of one import. */
export class ResultBuilder {
  readonly result: FormatResult = { questions: [], files: [], skipped: [], warnings: [] };
  readonly files = new FileBag();

  constructor(readonly format: BankFormat) {}

  get count(): number {
    return this.result.questions.length + this.result.skipped.length;
  }

  skip(ref: string, name: string, reason: string): void {
    this.result.skipped.push({ ref, name, reason });
  }

  warn(ref: string, message: string): void {
    this.result.warnings.push({ ref, message });
  }

  /** Adds a converted question (its warnings with it), or a skip when the last check fails. */
  add(draft: BankQuestionDraft, warnings: string[]): void {
    const done = finishDraft(draft);
    if (!done.ok) {
      this.skip(draft.source.ref, draft.name, done.reason);
      return;
    }
    this.result.questions.push(done.draft);
    for (const message of warnings) this.warn(draft.source.ref, message);
  }

  finish(): FormatResult {
    const used = new Set<string>();
    const html = this.result.questions.map((draft) => [draft.question.text, draft.question.solution, draft.question.extra, ...Object.values(draft.question.options)].join('\n')).join('\n');
    for (const match of html.matchAll(/bank-file:([0-9a-f]{64})/g)) used.add(match[1] ?? '');
    // Files only used by skipped questions are not returned.
    this.result.files = this.files.files.filter((file) => used.has(file.sha256));
    return this.result;
  }
}

/** Rounds marks to 2 decimals (grades are stored in hundredths). */
export function marks2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The option labels A..J. */
export const LABELS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;

/** An exact decimal: units / 10^scale. */
export interface Exact {
  units: bigint;
  scale: number;
}

/** A number as Moodle writes it ("3.14", "-2", "1.5e-3", "1,5" is not one), exactly; null otherwise. */
export function parseExact(text: string): Exact | null {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/.exec(text.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  let units = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - Number.parseInt(exponentText, 10);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

function atScale(value: Exact, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

export function formatExact(value: Exact): string {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  return negative ? `-${text}` : text;
}

/**
 * Moodle's numerical answer with an absolute tolerance as our key: the inclusive range
 * "value-tolerance..value+tolerance", computed exactly. Moodle's tolerance 0 accepts the value
 * only, so it becomes "v..v" (a bare "v" here would accept whatever rounds to it).
 */
export function toleranceKey(valueText: string, toleranceText: string): string | null {
  const value = parseExact(valueText);
  const tolerance = parseExact(toleranceText === '' ? '0' : toleranceText);
  if (!value || !tolerance) return null;
  const scale = Math.max(value.scale, tolerance.scale);
  const v = atScale(value, scale);
  const t = atScale(tolerance, scale) < 0n ? -atScale(tolerance, scale) : atScale(tolerance, scale);
  return `${formatExact({ units: v - t, scale })}..${formatExact({ units: v + t, scale })}`;
}

/** A range key "lo..hi" as Moodle's value and tolerance; a single value key "x" as the values that round to it. */
export function keyToTolerance(key: string | number): { value: string; tolerance: string; exact: boolean } | null {
  const text = String(key).trim();
  const range = /^(.+?)\s*\.\.\s*(.+)$/.exec(text);
  if (range) {
    const a = parseExact(range[1] ?? '');
    const b = parseExact(range[2] ?? '');
    if (!a || !b) return null;
    const scale = Math.max(a.scale, b.scale) + 1;
    const lo = atScale(a, scale) <= atScale(b, scale) ? atScale(a, scale) : atScale(b, scale);
    const hi = atScale(a, scale) <= atScale(b, scale) ? atScale(b, scale) : atScale(a, scale);
    return { value: formatExact({ units: (lo + hi) / 2n, scale }), tolerance: formatExact({ units: (hi - lo) / 2n, scale }), exact: (lo + hi) % 2n === 0n };
  }
  const value = parseExact(text);
  if (!value) return null;
  // Key "2.5" takes what rounds to 2.5: 2.45 up to 2.55 (Moodle's ends are inclusive, ours half-open).
  return { value: formatExact(value), tolerance: formatExact({ units: 5n, scale: value.scale + 1 }), exact: false };
}

/** The fractions (%) Moodle's import accepts by default ("error" grade matching), positive; negatives mirror them. */
export const MOODLE_GRADES = [100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5, 0];

/** The Moodle grade nearest to a percentage, and whether it is the same to 0.01%. */
export function nearestMoodleGrade(percent: number): { grade: number; exact: boolean } {
  const magnitude = Math.min(100, Math.abs(percent));
  let best = 0;
  for (const grade of MOODLE_GRADES) if (Math.abs(grade - magnitude) < Math.abs(best - magnitude)) best = grade;
  return { grade: percent < 0 ? -best : best, exact: Math.abs(best - Math.abs(percent)) < 0.01 };
}
