import { optionLabels } from './question';
import { shuffleOptions, type OptionOrder } from './shuffle';

/**
 * The options of a choice question as a student is offered them, the same in the test, its
 * preview, the review and the answer sheet. Answers are always stored with the ORIGINAL label.
 */

/** What this needs of a question: how many options it has and the texts it gives. */
export interface ChoiceQuestion {
  qn: number;
  noo: number;
  options: Readonly<Record<string, string>>;
}

export interface ShownOption {
  /** The label shown (A, B... or a, b... in a tap section), by position. */
  display: string;
  /** The label stored as the answer. */
  original: string;
  /** The option's HTML; empty when the option is only a label (its text is in the question or its PDF). */
  html: string;
}

function otherCase(label: string): string {
  const lower = label.toLowerCase();
  return label === lower ? label.toUpperCase() : lower;
}

/**
 * The labels a choice question offers, in order: `noo` of them (A.., or a.. in a tap section);
 * without `noo`, as many as the texts given, else the default 4. A label without a text is offered
 * all the same, as on an OMR sheet, and a text under a label past `noo` is never dropped.
 */
export function choiceLabels(question: Pick<ChoiceQuestion, 'noo' | 'options'>, tap: boolean): string[] {
  const given = Object.keys(question.options);
  const labels = optionLabels(question.noo > 0 ? question.noo : given.length || null, tap);
  // Labels compare case-insensitively (as scoring does): a tap section's 'A' is its 'a'.
  const known = new Set(labels.map((label) => label.toLowerCase()));
  for (const label of [...given].sort()) {
    if (known.has(label.toLowerCase())) continue;
    known.add(label.toLowerCase());
    labels.push(label);
  }
  return labels;
}

/** The text of an option, also when the paper stored it under the other case of its label. */
export function optionHtml(options: Readonly<Record<string, string>>, label: string): string {
  return options[label] ?? options[otherCase(label)] ?? '';
}

/**
 * The options in the order the student sees them. When shuffled (seeded by question number and
 * user id), each text travels with its original label. Options that are only labels never shuffle:
 * their texts are printed in the question under those very labels, so the label is the answer.
 */
export function shownOptions(question: ChoiceQuestion, tap: boolean, shuffled: boolean, userId: string): { options: ShownOption[]; order: OptionOrder | null } {
  const labels = choiceLabels(question, tap);
  const texts = labels.map((label) => optionHtml(question.options, label));
  const shuffle = shuffled && labels.length > 1 && texts.every((html) => html.trim() !== '');
  const order = shuffle ? shuffleOptions(labels, question.qn, userId) : null;
  const options = labels.map((display, i) => {
    const original = order?.order[i] ?? display;
    return { display, original, html: order ? optionHtml(question.options, original) : (texts[i] ?? '') };
  });
  return { options, order };
}
