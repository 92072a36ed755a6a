import { isFlagOn } from './config-flag';
/**
 * Deterministic shuffles, so the portal and the server compute the same order for a student on
 * every load: a 32-bit FNV-1a hash of a seed string (over UTF-16 code units) seeds mulberry32,
 * which drives a Fisher-Yates shuffle. Changing any of these changes every student's order: don't.
 */

export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, well-mixed 32-bit generator returning numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seededRandom(seed: string): () => number {
  return mulberry32(fnv1a32(seed));
}

/** A shuffled copy (Fisher-Yates, from the end). */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  const random = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

export interface OptionOrder {
  /** Original labels in display order: the option shown at position i is `order[i]`. */
  order: string[];
  /** Display label (position i shows labels[i]) -> original label: what is stored as the answer. */
  toOriginal: Record<string, string>;
  /** Original label -> display label, to show a stored answer. */
  toDisplay: Record<string, string>;
}

/**
 * Option order for one student and question, seeded by question number and user id. Options are
 * displayed with the usual labels in position order; the answer stored is always the ORIGINAL label.
 */
export function shuffleOptions(labels: readonly string[], qn: number, userId: string): OptionOrder {
  const order = seededShuffle(labels, `options|${userId}|${qn}`);
  const toOriginal: Record<string, string> = {};
  const toDisplay: Record<string, string> = {};
  labels.forEach((display, i) => {
    const original = order[i] as string;
    toOriginal[display] = original;
    toDisplay[original] = display;
  });
  return { order, toOriginal, toDisplay };
}

/** Maps an answer given with display labels to original labels (unknown labels pass through). */
export function answerToOriginal<T extends string | string[] | null>(answer: T, options: OptionOrder): T {
  if (answer === null) return answer;
  if (Array.isArray(answer)) return answer.map((label) => options.toOriginal[label] ?? label) as T;
  return (options.toOriginal[answer as string] ?? answer) as T;
}

/** Maps a stored answer (original labels) to display labels. */
export function answerToDisplay<T extends string | string[] | null>(answer: T, options: OptionOrder): T {
  if (answer === null) return answer;
  if (Array.isArray(answer)) return answer.map((label) => options.toDisplay[label] ?? label) as T;
  return (options.toDisplay[answer as string] ?? answer) as T;
}

export type ShuffleMode = 'none' | 'section' | 'part' | 'all';

/** Question numbers of the paper, grouped by part and section, in paper order. */
export interface PaperStructure {
  parts: readonly { sections: readonly { questions: readonly number[] }[] }[];
}

export interface QuestionOrderOptions {
  /** Under part-wise timing 'all' shuffles within each part, never across parts. */
  partwiseTiming?: boolean;
}

/**
 * The student's question order (question numbers in display order), seeded by user id:
 * - 'none': paper order;
 * - 'section': within each section; sections and parts keep their order;
 * - 'part': within each part, across its sections; parts keep their order;
 * - 'all': the whole paper, except under part-wise timing, where it is 'part'.
 */
export function shuffleQuestionOrder(paper: PaperStructure, mode: ShuffleMode, userId: string, options: QuestionOrderOptions = {}): number[] {
  const effective = mode === 'all' && options.partwiseTiming ? 'part' : mode;
  switch (effective) {
    case 'none':
      return paper.parts.flatMap((part) => part.sections.flatMap((section) => [...section.questions]));
    case 'section':
      return paper.parts.flatMap((part, pi) =>
        part.sections.flatMap((section, si) => seededShuffle(section.questions, `questions|${userId}|section|${pi}|${si}`)),
      );
    case 'part':
      return paper.parts.flatMap((part, pi) =>
        seededShuffle(
          part.sections.flatMap((section) => section.questions),
          `questions|${userId}|part|${pi}`,
        ),
      );
    case 'all':
      return seededShuffle(
        paper.parts.flatMap((part) => part.sections.flatMap((section) => section.questions)),
        `questions|${userId}|all`,
      );
  }
}


/**
 * Are a question's options shown shuffled? When the question, its section or its part says so,
 * or the test config's SHUFFLE_OPTIONS is on (spec section 9). The in-test screen and the review
 * must agree, so that review shows the labels the student saw.
 */
export function shouldShuffleOptions(
  question: { so: boolean },
  section: { so: boolean },
  part: { so: boolean },
  config: Record<string, unknown> | null | undefined,
): boolean {
  return question.so || section.so || part.so || isFlagOn(config?.SHUFFLE_OPTIONS);
}
