import { isFlagOn } from './config-flag';
import { testEndedLabel } from './relative-time';

/** The fields of a Scheduled Tests item the card depends on (spelling as in the spec). */
export interface TestCardItem {
  _id: string;
  /** ms until start; negative means the test has ended (spec section 3). */
  time_to_start: number;
  attempted?: boolean;
  resumeable?: boolean;
  SKIP_PREPARE?: unknown;
  /** The test's type: a 'chapter' test has its own instruction page. */
  type?: string;
}

export interface TestCardUserConfig {
  SKIP_PREPARE?: unknown;
}

export function hasEnded(item: Pick<TestCardItem, 'time_to_start'>): boolean {
  return item.time_to_start < 0;
}

/**
 * The card label, first match wins (spec, Scheduled Tests): Resume if resumable; 'Test ended {x}
 * ago' once ended (even if attempted); Attempted if attempted; otherwise Ready Check.
 */
export function testCardLabel(item: TestCardItem): string {
  if (item.resumeable) return 'Resume';
  if (hasEnded(item)) return testEndedLabel(item.time_to_start);
  if (item.attempted) return 'Attempted';
  return 'Ready Check';
}

/** Start is disabled when attempted and not resumable, or when not attempted and the test has ended. */
export function isStartDisabled(item: TestCardItem): boolean {
  if (item.attempted) return !item.resumeable;
  return hasEnded(item);
}

/**
 * The instructions of a test: /chapter-test/{id}/instruction for a chapter test (its variant of
 * the instructions, with its chapters), else /test/{id}/instruction.
 */
export function instructionPath(item: Pick<TestCardItem, '_id' | 'type'>): string {
  const id = encodeURIComponent(item._id);
  return item.type === 'chapter' ? `/chapter-test/${id}/instruction` : `/test/${id}/instruction`;
}

/**
 * The start link: the device check (/test/{id}/ready-check) unless the test's or the user's
 * SKIP_PREPARE skips preparation, then the instructions (a chapter test's own variant);
 * ?resume=true when resumable. The device check always leads to /test/{id}/instruction, which
 * sends a chapter test on to its variant.
 */
export function testStartLink(item: TestCardItem, userConfig?: TestCardUserConfig | null): string {
  const skip = isFlagOn(item.SKIP_PREPARE) || isFlagOn(userConfig?.SKIP_PREPARE);
  const path = skip ? instructionPath(item) : `/test/${encodeURIComponent(item._id)}/ready-check`;
  return item.resumeable ? `${path}?resume=true` : path;
}
