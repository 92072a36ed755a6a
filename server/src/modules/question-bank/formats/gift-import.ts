import type { BankQuestionDraft, FormatResult } from '@invigil/shared/api/question-bank';
import type { ImportQuestion } from '@invigil/shared/api/test-import';
import type { TextFormat } from './common';
import { FormatError, LABELS, ResultBuilder, asText, baseQuestion, escapeHtml, formatToHtml, marks2, tagsFromCategory, texToMathml, textFormat, toleranceKey, tooManyQuestions } from './common';

/**
 * GIFT (Moodle's text format, docs.moodle.org/en/GIFT_format) -> bank questions (issue 28).
 *
 * Hand-written rather than gift-pegjs: the grammar is small and line based, the npm parser is
 * barely used, and a hand-written one can do what matters here: one bad question is skipped with
 * its reason and its line while the rest of the file is read, following Moodle's own reader
 * (qformat_gift) where the docs are vague.
 *
 * - Questions are separated by blank lines; lines starting with // are comments;
 *   `$CATEGORY: path` sets the category (tags, as in Moodle XML); `::title::` names a question.
 * - Escapes \~ \= \# \{ \} \: \\ and \n (a newline) work everywhere.
 * - [html], [moodle], [plain], [markdown] before a text set its format (default [moodle]).
 * - {} essay -> 8; {T} {F} {TRUE} {FALSE} -> 7 (A True, B False); {=a ~b ~c} -> 3; with no "="
 *   and weights {~%50%a ~%50%b ~%-100%c} -> 4 (the options with a positive weight are the key);
 *   {=a =b} short answer -> 1, teacher-graded, the accepted answers as the model answer;
 *   {#3.14:0.01} {#1..2} {#=5:0 =%50%5:1} numerical -> 6 (range key; the 100% answer);
 *   no braces -> a description. `####text` before the closing brace is the general feedback
 *   (the solution); `#feedback` of single answers is dropped.
 * - Marks: GIFT has none, so pm = 1. Negative weights: as in Moodle XML, nm = pm x the largest
 *   negative weight for single choice, 0 for multiple choice.
 * - Matching ({=a -> b}) and the missing-word form (text after the closing brace) are skipped.
 */

// Escaped characters become private-use characters while the structure is read, and come back at the end.
const ESCAPES: Record<string, string> = { '\\': '\uE000', '~': '\uE001', '=': '\uE002', '#': '\uE003', '{': '\uE004', '}': '\uE005', ':': '\uE006' };
const UNESCAPES = new Map(Object.entries(ESCAPES).map(([char, code]) => [code, char]));

function protect(text: string): string {
  return text.replace(/\\([\\~=#{}:n])/g, (_whole, char: string) => (char === 'n' ? '\n' : (ESCAPES[char] ?? char)));
}

function restore(text: string): string {
  return text.replace(/[\uE000-\uE006]/g, (code) => UNESCAPES.get(code) ?? code);
}

class Skip extends Error {}

interface Block {
  text: string;
  line: number;
}

/** Questions: runs of non-blank, non-comment lines. */
function blocks(source: string): Block[] {
  const result: Block[] = [];
  let current: string[] = [];
  let start = 0;
  source.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.trim().startsWith('//')) return;
    if (line.trim() === '') {
      if (current.length > 0) result.push({ text: current.join('\n'), line: start + 1 });
      current = [];
      return;
    }
    if (current.length === 0) start = index;
    current.push(line);
  });
  if (current.length > 0) result.push({ text: current.join('\n'), line: start + 1 });
  return result;
}

/** "[html]text" -> format and text. */
function splitFormat(text: string, fallback: TextFormat): { format: TextFormat; text: string } {
  const match = /^\s*\[(html|moodle|plain|markdown)\]/i.exec(text);
  if (!match) return { format: fallback, text };
  return { format: textFormat(match[1], fallback), text: text.slice(match[0].length) };
}

function html(text: string, fallback: TextFormat, problems: string[]): string {
  const split = splitFormat(text, fallback);
  return texToMathml(formatToHtml(restore(split.text), split.format), problems);
}

interface Choice {
  right: boolean;
  weight: number | null;
  text: string;
}

/** "=a # fb ~%50%b" -> choices (feedback dropped). */
function choices(answerText: string): Choice[] {
  const parts = answerText.split(/(?=[=~])/).map((part) => part.trim()).filter((part) => part !== '');
  return parts.map((part) => {
    const right = part.startsWith('=');
    let body = part.replace(/^[=~]/, '').trim();
    let weight: number | null = null;
    const weighted = /^%(-?\d+(?:\.\d+)?)%/.exec(body);
    if (weighted) {
      weight = Number.parseFloat(weighted[1] ?? '0');
      body = body.slice(weighted[0].length);
    }
    const hash = body.indexOf('#');
    if (hash >= 0) body = body.slice(0, hash);
    return { right, weight, text: body.trim() };
  });
}

function percent(value: number): string {
  return `${Number(value.toFixed(5))}%`;
}

interface Converted {
  kind: BankQuestionDraft['kind'];
  question: ImportQuestion;
}

function convert(raw: string, warnings: string[]): { name: string | null; converted: Converted } {
  let text = protect(raw).trim();
  let name: string | null = null;
  const title = /^::([\s\S]*?)::/.exec(text);
  if (title) {
    name = restore(title[1] ?? '').trim() || null;
    text = text.slice(title[0].length).trim();
  }
  const open = text.indexOf('{');
  if (open < 0) {
    if (text.includes('}')) throw new Skip('It has a "}" without a "{" (write \\} for a brace in the text).');
    const description = html(text, 'moodle_auto_format', warnings);
    if (description === '') throw new Skip('It is empty.');
    return { name, converted: { kind: 'description', question: baseQuestion({ qt: 1, pm: 0, text: description }) } };
  }
  const close = text.indexOf('}', open);
  if (close < 0) throw new Skip('Its answers have no closing "}".');
  const after = text.slice(close + 1).trim();
  const before = text.slice(0, open);
  const { format, text: questionSource } = splitFormat(before, 'moodle_auto_format');
  const questionText = texToMathml(formatToHtml(restore(questionSource), format), warnings);
  if (after !== '') throw new Skip('Missing-word questions (text after the answers) are not supported: the question text would have a blank in the middle. Put the answers at the end.');
  if (questionText === '') throw new Skip('Its question text is empty.');

  let answerText = text.slice(open + 1, close);
  let general: string | null = null;
  const feedbackAt = answerText.indexOf('####');
  if (feedbackAt >= 0) {
    general = html(answerText.slice(feedbackAt + 4), format, warnings) || null;
    answerText = answerText.slice(0, feedbackAt);
  }
  answerText = answerText.trim();
  const pm = 1;

  if (answerText === '') {
    return { name, converted: { kind: 'question', question: baseQuestion({ qt: 8, pm, text: questionText, solution: general }) } };
  }
  if (answerText.startsWith('#')) return { name, converted: { kind: 'question', question: numerical(answerText.slice(1), questionText, general, warnings) } };
  const trueFalse = /^(T|F|TRUE|FALSE)\s*(#|$)/i.exec(answerText);
  if (trueFalse) {
    const key = (trueFalse[1] ?? '').toUpperCase().startsWith('T') ? 'A' : 'B';
    return { name, converted: { kind: 'question', question: baseQuestion({ qt: 7, pm, noo: 2, text: questionText, options: { A: 'True', B: 'False' }, answer: key, solution: general }) } };
  }
  if (answerText.includes('->')) throw new Skip('Matching questions are not supported: no question type here pairs items with answers.');

  const list = choices(answerText);
  if (list.length === 0) throw new Skip('Its answers cannot be read.');
  if (!answerText.includes('~')) {
    // Only "=" answers: short answer.
    const accepted = list
      .filter((choice) => choice.text !== '*' && (choice.weight === null || choice.weight > 0))
      .map((choice) => {
        const value = escapeHtml(restore(splitFormat(choice.text, 'plain_text').text).trim());
        return choice.weight === null || choice.weight >= 100 ? value : `${value} (${percent(choice.weight)})`;
      });
    const model = accepted.length > 0 ? `<p>Accepted answers: ${accepted.join('; ')}</p>` : null;
    warnings.push('Short answer: it becomes a subjective question graded by a teacher; the accepted answers are its model answer in the solution.');
    return { name, converted: { kind: 'question', question: baseQuestion({ qt: 1, pm, text: questionText, solution: [model, general].filter(Boolean).join('') || null }) } };
  }

  if (list.length > LABELS.length) throw new Skip(`It has ${list.length} options; a question here has at most ${LABELS.length} (A to J).`);
  if (list.length < 2) throw new Skip('It has fewer than 2 options.');
  const options: Record<string, string> = {};
  list.forEach((choice, index) => {
    options[LABELS[index] ?? ''] = html(choice.text, format, warnings);
  });
  // Moodle: "=" marks the one right answer; without "=", several answers can be right (multiple choice).
  const single = list.some((choice) => choice.right);
  const fractions = list.map((choice) => (choice.weight !== null ? choice.weight : choice.right ? 100 : 0));
  if (single) {
    const right = fractions.flatMap((value, index) => (value >= 100 ? [LABELS[index] ?? ''] : []));
    if (right.length !== 1) throw new Skip(right.length === 0 ? 'None of its answers is fully right.' : `Options ${right.join(' and ')} are all fully right; a single-choice question here has one right option.`);
    const partial = fractions.flatMap((value, index) => (value > 0 && value < 100 ? [`${LABELS[index]} (${percent(value)})`] : []));
    if (partial.length > 0) warnings.push(`Partial credit for ${partial.join(', ')} is not kept: only ${right[0]} earns marks.`);
    const penalties = [...new Set(fractions.filter((value) => value < 0).map((value) => -value))];
    const largest = penalties.length > 0 ? Math.min(100, Math.max(...penalties)) : 0;
    if (penalties.length > 1) warnings.push(`Wrong options take away different fractions (${penalties.map(percent).join(', ')}); here every wrong answer takes the largest, ${percent(largest)} of the marks.`);
    return { name, converted: { kind: 'question', question: baseQuestion({ qt: 3, pm, nm: marks2((pm * largest) / 100), noo: list.length, text: questionText, options, answer: right[0] ?? null, solution: general }) } };
  }
  const right = fractions.flatMap((value, index) => (value > 0 ? [LABELS[index] ?? ''] : []));
  if (right.length === 0) throw new Skip('None of its answers has a positive weight.');
  return { name, converted: { kind: 'question', question: baseQuestion({ qt: 4, pm, nm: 0, noo: list.length, text: questionText, options, answer: right, solution: general }) } };
}

/** "3.14:0.01", "1..2", "=5:0 =%50%5:1 ~#wrong" */
function numerical(body: string, questionText: string, general: string | null, warnings: string[]): ImportQuestion {
  const trimmed = body.trim();
  let key: string | null;
  if (/^[=~]/.test(trimmed)) {
    const list = choices(trimmed).filter((choice) => choice.right && choice.text !== '');
    const full = list.filter((choice) => choice.weight === null || choice.weight >= 100);
    const first = full[0];
    if (!first) throw new Skip('None of its numerical answers is worth 100%.');
    key = numericKey(restore(first.text));
    if (full.length > 1) warnings.push(`${full.length} answers are worth 100% (${full.map((choice) => restore(choice.text)).join(', ')}); the key is the first one, ${key ?? first.text}.`);
    const partial = list.filter((choice) => choice.weight !== null && choice.weight > 0 && choice.weight < 100);
    if (partial.length > 0) warnings.push(`Partial credit for ${partial.map((choice) => `${restore(choice.text)} (${percent(choice.weight ?? 0)})`).join(', ')} is not kept.`);
  } else {
    const hash = trimmed.indexOf('#');
    key = numericKey(restore(hash >= 0 ? trimmed.slice(0, hash) : trimmed));
  }
  if (!key) throw new Skip(`Its numerical answer "${restore(trimmed)}" is not a number, a number:tolerance or a range min..max.`);
  return baseQuestion({ qt: 6, pm: 1, text: questionText, answer: key, solution: general });
}

function numericKey(text: string): string | null {
  const value = text.trim();
  const range = /^(.+?)\.\.(.+)$/.exec(value);
  if (range) {
    const low = toleranceKey(range[1] ?? '', '0');
    const high = toleranceKey(range[2] ?? '', '0');
    if (!low || !high) return null;
    return `${low.split('..')[0]}..${high.split('..')[0]}`;
  }
  const [answer = '', tolerance = '0'] = value.split(':');
  return toleranceKey(answer, tolerance);
}

/** Reads a GIFT file. Throws FormatError when the whole file cannot be read; a bad question is skipped. */
export function importGift(input: string | Uint8Array): FormatResult {
  const source = asText(input);
  if (source.includes('\u0000')) throw new FormatError('This is not a GIFT file: GIFT is plain text, and this file is binary.');
  const results = new ResultBuilder('gift');
  let category: string | null = null;
  let index = 0;
  for (const block of blocks(source)) {
    const category_ = /^\s*\$CATEGORY:\s*(.*)$/m.exec(block.text);
    if (category_ && block.text.trim().startsWith('$CATEGORY:')) {
      category = (category_[1] ?? '').trim() || null;
      continue;
    }
    index += 1;
    if (index > 5_000) throw tooManyQuestions();
    const fallbackRef = `question ${index} (line ${block.line})`;
    const warnings: string[] = [];
    let name: string | null = null;
    try {
      const converted = convert(block.text, warnings);
      name = converted.name;
      const tags = tagsFromCategory(category, []);
      const display = name ?? restore(protect(block.text)).replace(/\s+/g, ' ').slice(0, 60);
      results.add({ name: display.slice(0, 300) || fallbackRef, kind: converted.converted.kind, question: converted.converted.question, tags, source: { format: 'gift', ref: name ? `${name} (line ${block.line})` : fallbackRef } }, warnings);
    } catch (error) {
      const title = /^::([\s\S]*?)::/.exec(block.text.trim());
      const shown = title ? (title[1] ?? '').trim() : block.text.replace(/\s+/g, ' ').slice(0, 60);
      const ref = title ? `${shown} (line ${block.line})` : fallbackRef;
      results.skip(ref, shown, error instanceof Skip ? error.message : `It could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (index === 0) throw new FormatError('The file has no GIFT questions.');
  return results.finish();
}
