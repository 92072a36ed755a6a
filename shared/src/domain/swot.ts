import type { Difficulty } from './question';

/** SWOT quadrants of the result page (spec section 2, Result page). */
export type SwotCategory = 'Strength' | 'Weakness' | 'Opportunity' | 'Threat';

/** The split for both axes, in percent. */
export const SWOT_SPLIT = 50;

/**
 * "Over 50" is strictly over: exactly 50% counts as low on that axis, so 50/50 is a Weakness and
 * a student needs more than half on both axes for a Strength.
 */
function isHigh(percentage: number): boolean {
  return percentage > SWOT_SPLIT;
}

/** attemptRate and accuracy are percentages (0-100). */
export function swotCategory(attemptRate: number, accuracy: number): SwotCategory {
  const attemptHigh = isHigh(attemptRate);
  const accuracyHigh = isHigh(accuracy);
  if (attemptHigh && accuracyHigh) return 'Strength';
  if (!attemptHigh && !accuracyHigh) return 'Weakness';
  return accuracyHigh ? 'Opportunity' : 'Threat';
}

/** Difficulty filter values: All 0, Easy 1, Medium 2, Hard 3. */
export type DifficultyFilter = 0 | Difficulty;

export const DIFFICULTY_FILTERS: readonly { value: DifficultyFilter; label: string }[] = [
  { value: 0, label: 'All' },
  { value: 1, label: 'Easy' },
  { value: 2, label: 'Medium' },
  { value: 3, label: 'Hard' },
];

/** All (0) keeps everything; a level keeps the items of that level (items without one are dropped). */
export function filterByDifficulty<T extends { difficulty?: Difficulty | null }>(items: readonly T[], filter: DifficultyFilter): T[] {
  return filter === 0 ? [...items] : items.filter((item) => item.difficulty === filter);
}
