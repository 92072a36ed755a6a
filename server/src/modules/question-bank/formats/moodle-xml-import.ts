import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { BankQuestionDraft, FormatResult } from '@invigil/shared/api/question-bank';
import type { ImportQuestion } from '@invigil/shared/api/test-import';
import type { TextFormat } from './common';
import {
  FormatError,
  LABELS,
  ResultBuilder,
  asText,
  baseQuestion,
  decodeBase64,
  escapeHtml,
  formatToHtml,
  marks2,
  placeholder,
  tagsFromCategory,
  texToMathml,
  textFormat,
  toleranceKey,
  tooManyQuestions,
} from './common';

/**
 * Moodle XML question export -> bank questions (issue 28).
 *
 * Types: multichoice single -> 3, multichoice multiple -> 4, truefalse -> 7 (A True, B False),
 * numerical -> 6 (range key), shortanswer -> 1 (teacher-graded; the accepted answers become the
 * model answer in the solution), essay -> 8, description -> a 'description' item. Every other type
 * is listed in `skipped` with its reason; a question is either fully converted or skipped.
 *
 * Marks:
 * - pm is <defaultgrade> (1 when absent).
 * - <penalty> is NOT a negative mark: it is Moodle's deduction for each extra try in interactive
 *   mode, and a test here has one try, so it is ignored.
 * - Negative marks come from negative answer fractions. Single choice: a wrong option at -f%
 *   takes f% of the grade in Moodle, so nm = pm x the largest f of the wrong options (a warning
 *   when they differ). Multiple choice: Moodle never lets the question total go below 0, so nm = 0
 *   (the negative fractions only cancel right ones; here any wrong option scores the question as
 *   wrong, and only the exact set of right options earns pm).
 * - Partial credit (an option or numerical answer worth between 0 and 100%) is not kept: a warning.
 * Text: <generalfeedback> is appended to the solution; formats as in common.formatToHtml; TeX math
 * becomes MathML; embedded files (<file encoding="base64">, and Moodle 1.9's <image_base64>) become
 * `files` with the HTML pointing at `bank-file:<sha256>`.
 * Categories ($course$/top/Subject/Chapter) and <tags> become tags (common.tagsFromCategory).
 */

type XmlNode = Record<string, unknown>;

const ARRAY_TAGS = new Set(['question', 'answer', 'file', 'tag', 'subquestion', 'unit', 'hint', 'dataset_definition', 'drag', 'drop', 'selectoption', 'dragbox']);

const UNSUPPORTED: Record<string, string> = {
  cloze: 'Cloze (embedded answers) questions are not supported: no question type here scores several gaps.',
  multianswer: 'Cloze (embedded answers) questions are not supported: no question type here scores several gaps.',
  matching: 'Matching questions are not supported: no question type here pairs items with answers.',
  match: 'Matching questions are not supported: no question type here pairs items with answers.',
  randomsamatch: 'Random short-answer matching questions are not supported: no question type here pairs items with answers.',
  ddwtos: 'Drag and drop into text questions are not supported: no question type here scores several gaps.',
  gapselect: 'Select missing words questions are not supported: no question type here scores several gaps.',
  ddimageortext: 'Drag and drop onto image questions are not supported.',
  ddmarker: 'Drag and drop markers questions are not supported.',
  calculated: 'Calculated questions are not supported: each student would need their own random values.',
  calculatedsimple: 'Calculated questions are not supported: each student would need their own random values.',
  calculatedmulti: 'Calculated multichoice questions are not supported: each student would need their own random values.',
  ordering: 'Ordering questions are not supported: no question type here scores an order.',
  random: 'Random questions are not supported: pick the questions in the test editor instead.',
  gapfill: 'Gapfill questions are not supported: no question type here scores several gaps.',
};

/** A question that cannot be taken, with the reason. */
class Skip extends Error {}

function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (typeof node === 'object' && '#text' in node) return text((node as XmlNode)['#text']);
  return '';
}

function child(node: unknown, name: string): unknown {
  return node && typeof node === 'object' ? (node as XmlNode)[name] : undefined;
}

function children(node: unknown, name: string): XmlNode[] {
  const value = child(node, name);
  if (Array.isArray(value)) return value.map((item) => (item && typeof item === 'object' ? (item as XmlNode) : { '#text': item }));
  if (value === undefined) return [];
  return [value && typeof value === 'object' ? (value as XmlNode) : { '#text': value }];
}

/** <x><text>...</text></x> */
function innerText(node: unknown, name: string): string {
  return text(child(child(node, name), 'text')).trim();
}

function attribute(node: unknown, name: string): string | undefined {
  const value = child(node, `@_${name}`);
  return value === undefined ? undefined : text(value);
}

function flag(node: unknown, name: string): boolean {
  const value = text(child(node, name)).trim().toLowerCase();
  return value === 'true' || value === '1';
}

interface Converter {
  results: ResultBuilder;
  warnings: string[];
}

/** The HTML of a text element (<questiontext format=".."><text/><file/></questiontext>), its files stored. */
function richText(node: unknown, fallback: TextFormat, converter: Converter): string {
  if (node === undefined) return '';
  const format = textFormat(attribute(node, 'format'), fallback);
  const raw = typeof node === 'string' ? node : text(child(node, 'text'));
  let html = formatToHtml(raw, format);
  const local = new Map<string, string>();
  for (const file of children(node, 'file')) {
    const name = attribute(file, 'name') ?? '';
    const path = (attribute(file, 'path') ?? '/').replace(/^\/+/, '');
    const bytes = decodeBase64(text(file));
    if (name === '' || bytes === null) throw new Skip(`The embedded file "${name || '(no name)'}" is not valid base64.`);
    const stored = converter.results.files.add(name, bytes);
    local.set(`${path}${name}`, stored.sha256);
  }
  html = html.replace(/@@PLUGINFILE@@\/([^"'\s>?#]+)/g, (_whole, reference: string) => {
    let name = reference;
    try {
      name = decodeURIComponent(reference);
    } catch {
      // A name with a stray % is used as written.
    }
    const sha = local.get(name) ?? local.get(reference);
    if (!sha) throw new Skip(`It shows the file "${name}", which is not embedded in the export.`);
    return placeholder(sha);
  });
  return texToMathml(html, converter.warnings);
}

function fraction(answer: XmlNode): number {
  const value = Number.parseFloat(attribute(answer, 'fraction') ?? '0');
  return Number.isFinite(value) ? value : 0;
}

const FULL = 99.999;

function joinHtml(...parts: (string | null)[]): string | null {
  const kept = parts.filter((part): part is string => part !== null && part.trim() !== '');
  return kept.length > 0 ? kept.join('') : null;
}

function percent(value: number): string {
  return `${Number(value.toFixed(5))}%`;
}

interface Converted {
  kind: BankQuestionDraft['kind'];
  question: ImportQuestion;
}

function convert(type: string, q: XmlNode, converter: Converter): Converted {
  const questionFormat = textFormat(attribute(child(q, 'questiontext'), 'format'), 'moodle_auto_format');
  let questionText = richText(child(q, 'questiontext'), 'moodle_auto_format', converter);
  // Moodle 1.9: <image>name</image><image_base64>...</image_base64>, shown under the question text.
  const imageName = text(child(q, 'image')).trim();
  const imageData = text(child(q, 'image_base64'));
  if (imageData.trim() !== '') {
    const bytes = decodeBase64(imageData);
    if (!bytes) throw new Skip('Its image (<image_base64>) is not valid base64.');
    const stored = converter.results.files.add(imageName.split('/').pop() || 'image', bytes);
    questionText += `<p><img src="${placeholder(stored.sha256)}" alt=""></p>`;
  } else if (imageName !== '') {
    converter.warnings.push(`The image "${imageName}" is linked, not embedded, so it is not imported.`);
  }
  const general = richText(child(q, 'generalfeedback'), questionFormat, converter);
  const defaultGrade = text(child(q, 'defaultgrade')).trim();
  const pm = defaultGrade === '' ? 1 : Number.parseFloat(defaultGrade);
  if (!Number.isFinite(pm) || pm < 0 || pm > 1000) throw new Skip(`Its default mark "${defaultGrade}" is not a number from 0 to 1000.`);
  const marks = marks2(pm);

  if (type === 'description') {
    return { kind: 'description', question: baseQuestion({ qt: 1, pm: 0, text: questionText, solution: joinHtml(general) }) };
  }
  if (questionText.trim() === '') throw new Skip('Its question text is empty.');

  const answers = children(q, 'answer');
  switch (type) {
    case 'multichoice': {
      if (answers.length > LABELS.length) throw new Skip(`It has ${answers.length} options; a question here has at most ${LABELS.length} (A to J).`);
      if (answers.length < 2) throw new Skip('It has fewer than 2 options.');
      const options: Record<string, string> = {};
      answers.forEach((answer, index) => {
        options[LABELS[index] ?? ''] = richText(answer, questionFormat, converter);
      });
      const fractions = answers.map(fraction);
      const so = flag(q, 'shuffleanswers');
      const single = flag(q, 'single') || text(child(q, 'single')).trim() === '';
      if (single) {
        const right = fractions.flatMap((value, index) => (value >= FULL ? [LABELS[index] ?? ''] : []));
        if (right.length === 0) throw new Skip('None of its options is worth 100%.');
        if (right.length > 1) throw new Skip(`Options ${right.join(' and ')} are both worth 100%; a single-choice question here has one right option.`);
        const partial = fractions.flatMap((value, index) => (value > 0 && value < FULL ? [`${LABELS[index]} (${percent(value)})`] : []));
        if (partial.length > 0) converter.warnings.push(`Partial credit for ${partial.join(', ')} is not kept: only ${right[0]} earns marks.`);
        const penalties = [...new Set(fractions.filter((value) => value < 0).map((value) => -value))];
        const largest = penalties.length > 0 ? Math.min(100, Math.max(...penalties)) : 0;
        if (penalties.length > 1) {
          converter.warnings.push(`Wrong options take away different fractions in Moodle (${penalties.map(percent).join(', ')}); here every wrong answer takes the largest, ${percent(largest)} of the marks.`);
        }
        return { kind: 'question', question: baseQuestion({ qt: 3, pm: marks, nm: marks2((marks * largest) / 100), so, noo: answers.length, text: questionText, options, answer: right[0] ?? null, solution: joinHtml(general) }) };
      }
      const right = fractions.flatMap((value, index) => (value > 0 ? [LABELS[index] ?? ''] : []));
      if (right.length === 0) throw new Skip('None of its options has a positive fraction.');
      return { kind: 'question', question: baseQuestion({ qt: 4, pm: marks, nm: 0, so, noo: answers.length, text: questionText, options, answer: right, solution: joinHtml(general) }) };
    }
    case 'truefalse': {
      let key: string | null = null;
      for (const answer of answers) {
        const value = text(child(answer, 'text')).trim().toLowerCase();
        if (fraction(answer) >= FULL && (value === 'true' || value === 'false')) key = value === 'true' ? 'A' : 'B';
      }
      if (!key) throw new Skip('Neither True nor False is marked as the right answer.');
      return { kind: 'question', question: baseQuestion({ qt: 7, pm: marks, noo: 2, text: questionText, options: { A: 'True', B: 'False' }, answer: key, solution: joinHtml(general) }) };
    }
    case 'numerical': {
      const real = answers.filter((answer) => text(child(answer, 'text')).trim() !== '*');
      const full = real.filter((answer) => fraction(answer) >= FULL);
      const first = full[0];
      if (!first) throw new Skip('None of its answers is worth 100%.');
      const value = text(child(first, 'text')).trim();
      const tolerance = text(child(first, 'tolerance')).trim();
      const key = toleranceKey(value, tolerance);
      if (!key) throw new Skip(`Its answer "${value}" (tolerance "${tolerance}") is not a number.`);
      if (full.length > 1) {
        converter.warnings.push(`${full.length} answers are worth 100% (${full.map((answer) => text(child(answer, 'text')).trim()).join(', ')}); the key is the first one, ${key}.`);
      }
      const partial = real.filter((answer) => fraction(answer) > 0 && fraction(answer) < FULL);
      if (partial.length > 0) converter.warnings.push(`Partial credit for ${partial.map((answer) => `${text(child(answer, 'text')).trim()} (${percent(fraction(answer))})`).join(', ')} is not kept.`);
      const units = children(child(q, 'units'), 'unit').map((unit) => text(child(unit, 'unit_name')).trim()).filter((name) => name !== '');
      if (units.length > 0) {
        converter.warnings.push(`Units (${units.join(', ')}) are not kept: students type the number only, in ${units[0]}; say the unit in the question.`);
      }
      return { kind: 'question', question: baseQuestion({ qt: 6, pm: marks, text: questionText, answer: key, solution: joinHtml(general) }) };
    }
    case 'shortanswer': {
      const accepted = answers
        .filter((answer) => fraction(answer) > 0 && text(child(answer, 'text')).trim() !== '*')
        .map((answer) => {
          const value = escapeHtml(text(child(answer, 'text')).trim());
          return fraction(answer) >= FULL ? value : `${value} (${percent(fraction(answer))})`;
        });
      const caseNote = flag(q, 'usecase') ? ' (case matters)' : '';
      const model = accepted.length > 0 ? `<p>Accepted answers${caseNote}: ${accepted.join('; ')}</p>` : null;
      converter.warnings.push('Short answer: it becomes a subjective question graded by a teacher; the accepted answers are its model answer in the solution.');
      return { kind: 'question', question: baseQuestion({ qt: 1, pm: marks, text: questionText, solution: joinHtml(model, general) }) };
    }
    case 'essay': {
      const graderInfo = richText(child(q, 'graderinfo'), questionFormat, converter);
      if (innerText(q, 'responsetemplate') !== '') converter.warnings.push('Its response template is not kept.');
      return { kind: 'question', question: baseQuestion({ qt: 8, pm: marks, text: questionText, solution: joinHtml(graderInfo, general) }) };
    }
    default:
      throw new Skip(UNSUPPORTED[type] ?? `Moodle "${type}" questions are not supported.`);
  }
}

function parseQuiz(source: string): XmlNode[] {
  const validation = XMLValidator.validate(source);
  if (validation !== true) {
    throw new FormatError(`This is not a readable Moodle XML file: the XML is broken at line ${validation.err.line} (${validation.err.msg}).`);
  }
  let document: XmlNode;
  try {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      textNodeName: '#text',
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: false,
      processEntities: true,
      htmlEntities: false,
      isArray: (name) => ARRAY_TAGS.has(name),
    });
    document = parser.parse(source) as XmlNode;
  } catch (error) {
    throw new FormatError(`This is not a readable Moodle XML file: ${error instanceof Error ? error.message : 'the XML cannot be read'}.`);
  }
  const quiz = document.quiz;
  if (quiz === undefined) throw new FormatError('This is not a Moodle XML file: no <quiz> element.');
  return children(quiz, 'question');
}

/** Reads a Moodle XML export. Throws FormatError when the whole file cannot be read; a bad question is skipped. */
export function importMoodleXml(input: string | Uint8Array): FormatResult {
  const source = asText(input);
  const questions = parseQuiz(source);
  if (questions.filter((q) => attribute(q, 'type') !== 'category').length > 5_000) throw tooManyQuestions();
  const results = new ResultBuilder('moodle-xml');
  let category: string | null = null;
  let index = 0;
  for (const q of questions) {
    const type = (attribute(q, 'type') ?? '').trim().toLowerCase();
    if (type === 'category') {
      category = innerText(q, 'category') || null;
      continue;
    }
    index += 1;
    const name = innerText(q, 'name') || `Question ${index}`;
    const ref = name;
    const converter: Converter = { results, warnings: [] };
    try {
      const converted = convert(type, q, converter);
      const labels = children(child(q, 'tags'), 'tag').map((tag) => text(child(tag, 'text')).trim() || text(tag).trim()).filter((label) => label !== '');
      const tags = tagsFromCategory(category, labels);
      converted.question.difficulty = tags.difficulty;
      results.add({ name: name.slice(0, 300), kind: converted.kind, question: converted.question, tags, source: { format: 'moodle-xml', ref: ref.slice(0, 300) } }, converter.warnings);
    } catch (error) {
      if (error instanceof Skip) results.skip(ref, name, error.message);
      else results.skip(ref, name, `It could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return results.finish();
}
