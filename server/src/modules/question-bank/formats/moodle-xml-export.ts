import { XMLBuilder } from 'fast-xml-parser';
import type { BankFile, BankQuestionDraft, FormatWarning } from '@invigil/shared/api/question-bank';
import { DIFFICULTY_NAMES, LABELS, keyToTolerance, mathmlToTex, nearestMoodleGrade } from './common';

/**
 * Bank questions -> Moodle XML (issue 28), readable by Moodle's importer and by ours
 * (importMoodleXml(exportMoodleXml(q).xml) gives q back for the types both sides share).
 *
 * - 3 -> multichoice single; 4 -> multichoice multiple (each right option 100/k %, each wrong one
 *   -100%, so choosing a wrong option scores 0 in Moodle as here); 7 with options True/False ->
 *   truefalse; 6 -> numerical (a range key lo..hi as its midpoint with tolerance (hi-lo)/2; a
 *   single value key as the values that round to it); 1 and 8 -> essay (the solution is the
 *   grader information); descriptions -> description.
 * - What Moodle has no place for is said in `warnings`: a 5 (paragraph) or any question with a
 *   passage (`extra`) is written as multichoice with the passage above the question; a qt 1 comes
 *   back as an essay (8); a 7 with other options, or with negative marks, as multichoice (3).
 * - nm: for single choice, each wrong option gets -nm/pm as a fraction, rounded to the grades
 *   Moodle accepts (warning when that changes it); Moodle cannot take marks away for multiple
 *   choice, true/false, numerical or written answers (warning).
 * - Marks: <defaultgrade> = pm, <penalty> 0 (a test here has one try).
 * - HTML: `bank-file:<sha256>` images become @@PLUGINFILE@@ files embedded in base64 in the same
 *   text element; MathML made from TeX goes back to \(TeX\) / \[TeX\] (Moodle shows TeX with MathJax).
 * - Tags: subject/chapter -> a category $course$/top/Subject/Chapter; labels and the difficulty
 *   ("difficulty:easy") -> <tags>.
 */

export type ExportQuestion = Pick<BankQuestionDraft, 'name' | 'kind' | 'question' | 'tags'>;

export interface MoodleExport {
  xml: string;
  warnings: FormatWarning[];
}

type Node = Record<string, unknown>;

function cdata(html: string): Node {
  // "]]>" cannot sit in a CDATA section: such a text is written escaped instead.
  return html.includes(']]>') ? { '#text': html } : { __cdata: html };
}

function trimNumber(value: number): string {
  return String(Number(value.toFixed(7)));
}

export function exportMoodleXml(questions: readonly ExportQuestion[], files: readonly BankFile[]): MoodleExport {
  const bySha = new Map(files.map((file) => [file.sha256, file]));
  const warnings: FormatWarning[] = [];
  const nodes: Node[] = [];
  let category: string | null = null;

  for (const draft of questions) {
    const ref = draft.name;
    const warn = (message: string) => warnings.push({ ref, message });
    const q = draft.question;

    /** A text element: its HTML with files embedded. */
    const rich = (html: string | null): Node => {
      const names = new Map<string, string>();
      const used = new Set<string>();
      const embedded: Node[] = [];
      const text = mathmlToTex(html ?? '').replace(/bank-file:([0-9a-f]{64})/g, (whole, sha: string) => {
        const known = names.get(sha);
        if (known) return `@@PLUGINFILE@@/${encodeURIComponent(known)}`;
        const file = bySha.get(sha);
        if (!file) {
          warn(`The file ${whole} is not among the files given; it is left out.`);
          return '';
        }
        let name = file.name.replace(/[/\\]/g, '_') || 'file';
        for (let n = 2; used.has(name); n += 1) name = file.name.replace(/(\.[^.]*)?$/, (extension) => `-${n}${extension}`);
        used.add(name);
        names.set(sha, name);
        embedded.push({ '@_name': name, '@_path': '/', '@_encoding': 'base64', '#text': Buffer.from(file.bytes).toString('base64') });
        return `@@PLUGINFILE@@/${encodeURIComponent(name)}`;
      });
      return { '@_format': 'html', text: cdata(text), ...(embedded.length > 0 ? { file: embedded } : {}) };
    };

    // A "/" inside a name would start a new category level.
    const path = ['$course$/top', ...[draft.tags.subject, draft.tags.chapter].filter((part): part is string => part !== null && part !== '').map((part) => part.replace(/\//g, '-'))].join('/');
    if (path !== category) {
      category = path;
      nodes.push({ '@_type': 'category', category: { text: path }, info: { '@_format': 'html', text: '' } });
    }
    const tagTexts = [...draft.tags.labels, ...(draft.tags.difficulty ? [`difficulty:${DIFFICULTY_NAMES[draft.tags.difficulty]}`] : [])];
    const tags = tagTexts.length > 0 ? { tags: { tag: tagTexts.map((text) => ({ text })) } } : {};
    const head = (type: string, text: string, pm: number, general: string | null): Node => ({
      '@_type': type,
      name: { text: draft.name },
      questiontext: rich(text),
      generalfeedback: rich(general),
      defaultgrade: trimNumber(pm),
      penalty: '0',
      hidden: '0',
    });

    if (draft.kind === 'description') {
      nodes.push({ ...head('description', q.text, 0, q.solution), ...tags });
      continue;
    }
    const text = q.extra ? `${q.extra}${q.text}` : q.text;
    if (q.extra) warn('Moodle has no passage shared by questions: the passage is written above the question text.');
    const labels = LABELS.filter((label) => q.options[label] !== undefined);

    switch (q.qt) {
      case 1:
      case 8: {
        if (q.qt === 1) warn('Written as a Moodle essay: it comes back as an essay (type 8).');
        if (q.nm > 0) warn(`Moodle cannot take marks away for a written answer: the negative marks (${q.nm}) are left out.`);
        nodes.push({
          ...head('essay', text, q.pm, null),
          responseformat: 'editor',
          responserequired: '1',
          responsefieldlines: q.qt === 1 ? '5' : '15',
          attachments: '0',
          attachmentsrequired: '0',
          graderinfo: rich(q.solution),
          responsetemplate: { '@_format': 'html', text: '' },
          ...tags,
        });
        break;
      }
      case 6: {
        const key = Array.isArray(q.answer) ? q.answer[0] : q.answer;
        const range = key === null || key === undefined ? null : keyToTolerance(key);
        if (!range) {
          warn('It has no numerical key and is left out.');
          continue;
        }
        if (typeof key === 'number' || !String(key).includes('..')) warn(`The key ${key} accepts what rounds to it; in Moodle it is ${range.value} ± ${range.tolerance}, and it comes back as a range.`);
        if (q.nm > 0) warn(`Moodle cannot take marks away for a numerical answer: the negative marks (${q.nm}) are left out.`);
        nodes.push({
          ...head('numerical', text, q.pm, q.solution),
          answer: [{ '@_fraction': '100', '@_format': 'moodle_auto_format', text: range.value, feedback: { '@_format': 'html', text: '' }, tolerance: range.tolerance }],
          unitgradingtype: '0',
          unitpenalty: '0',
          showunits: '3',
          unitsleft: '0',
          ...tags,
        });
        break;
      }
      case 7:
      case 3:
      case 5:
      case 4: {
        const trueFalse = q.qt === 7 && labels.length === 2 && /^true$/i.test(q.options.A?.trim() ?? '') && /^false$/i.test(q.options.B?.trim() ?? '');
        if (trueFalse && q.nm === 0) {
          nodes.push({
            ...head('truefalse', text, q.pm, q.solution),
            answer: ['A', 'B'].map((label) => ({ '@_fraction': q.answer === label ? '100' : '0', '@_format': 'moodle_auto_format', text: label === 'A' ? 'true' : 'false', feedback: { '@_format': 'html', text: '' } })),
            ...tags,
          });
          break;
        }
        if (q.qt === 7) warn(trueFalse ? 'Written as multiple choice so that its negative marks are kept: it comes back as type 3.' : 'Written as multiple choice: it comes back as type 3.');
        if (q.qt === 5) warn('A paragraph question is written as multiple choice: it comes back as type 3.');
        const key = new Set(Array.isArray(q.answer) ? q.answer : q.answer === null ? [] : [String(q.answer)]);
        let fractions: string[];
        if (q.qt === 4) {
          const share = nearestMoodleGrade(100 / Math.max(1, key.size)).grade;
          fractions = labels.map((label) => (key.has(label) ? trimNumber(share) : '-100'));
          if (q.nm > 0) warn(`Moodle cannot take marks away for a multiple-response question as a whole: the negative marks (${q.nm}) are left out.`);
        } else {
          let wrong = '0';
          if (q.nm > 0) {
            if (q.pm === 0) warn('Negative marks on a question worth 0 cannot be written as a Moodle fraction: they are left out.');
            else {
              const grade = nearestMoodleGrade(-(q.nm / q.pm) * 100);
              if (!grade.exact) warn(`Negative marks ${q.nm} of ${q.pm} are ${grade.grade}% in Moodle (the nearest fraction Moodle accepts).`);
              wrong = trimNumber(grade.grade);
            }
          }
          fractions = labels.map((label) => (key.has(label) ? '100' : wrong));
        }
        nodes.push({
          ...head('multichoice', text, q.pm, q.solution),
          single: q.qt === 4 ? 'false' : 'true',
          shuffleanswers: q.so ? 'true' : 'false',
          answernumbering: 'ABCD',
          answer: labels.map((label, index) => ({ '@_fraction': fractions[index] ?? '0', ...rich(q.options[label] ?? ''), feedback: { '@_format': 'html', text: '' } })),
          ...tags,
        });
        break;
      }
    }
  }

  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', cdataPropName: '__cdata', format: true, indentBy: '  ', suppressEmptyNode: false });
  // The builder puts a CDATA section on lines of its own; Moodle keeps that whitespace, so it goes.
  const body = (builder.build({ quiz: { question: nodes } }) as string).replace(/<text>\s*<!\[CDATA\[/g, '<text><![CDATA[').replace(/\]\]>\s*<\/text>/g, ']]></text>');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  return { xml, warnings };
}
