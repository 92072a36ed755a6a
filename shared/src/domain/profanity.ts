/**
 * Spec section 5: chat and speech messages are filtered for profanity, each profane word replaced
 * by an underscore. A small English list on purpose: it keeps a transcript or a chat message
 * readable for a teacher, it is not a moderation system. Whole words only, any case, so 'class',
 * 'assess', 'Scunthorpe' and 'hello' are left alone; a word given with a trailing '*' also covers
 * what starts with it ('fuck*': 'fucking', 'fucked').
 */
export const PROFANITY_WORDS: readonly string[] = [
  'arse',
  'arsehole',
  'ass',
  'asshole*',
  'bastard*',
  'bitch*',
  'bloody',
  'bollocks',
  'bullshit*',
  'cock',
  'crap',
  'cunt*',
  'damn*',
  'dick',
  'dickhead*',
  'fuck*',
  'goddamn*',
  'jackass',
  'motherfuck*',
  'piss',
  'pissed',
  'prick*',
  'shit*',
  'slut*',
  'twat*',
  'wanker*',
  'whore*',
];

const escape = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole-word, case-insensitive pattern for `words` ('*' at the end: the word and what follows it). */
export function profanityPattern(words: readonly string[] = PROFANITY_WORDS): RegExp | null {
  const alternatives = words
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.replace(/\*$/, '') !== '')
    .map((word) => (word.endsWith('*') ? `${escape(word.slice(0, -1))}[\\p{L}\\p{N}]*` : escape(word)))
    // Longer first, so 'asshole' is one match and not 'ass' + 'hole'.
    .sort((a, b) => b.length - a.length);
  if (alternatives.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}_'])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
}

const DEFAULT_PATTERN = profanityPattern();

/** `text` with every profane word replaced by one underscore. */
export function filterProfanity(text: string, words?: readonly string[]): string {
  const pattern = words ? profanityPattern(words) : DEFAULT_PATTERN;
  return pattern ? text.replace(pattern, '_') : text;
}
