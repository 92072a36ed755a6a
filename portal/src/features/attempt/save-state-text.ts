import type { SaveState } from './sync-engine';

export const unsavedAnswers = (n: number) => `${n} unsaved answer${n === 1 ? '' : 's'}`;

/**
 * The honest save state: never "saved" before the server said so. `answers` is how many questions
 * have an answer or mark change the server does not have yet (SyncEngine.unsavedAnswers): what the
 * student calls their unsaved answers. Visits and time on a question travel too but are not counted:
 * "7 unsaved changes" for 3 answers read as 4 answers lost.
 */
export function saveStateText(state: SaveState, unreachable: boolean, journalError: string | null, typing = false, answers = state.unsent): string {
  if (journalError) return journalError;
  switch (state.status) {
    case 'saved':
      if (typing) return 'Saving…';
      return unreachable ? 'All answers saved (connection lost)' : 'All answers saved';
    case 'saving':
      return 'Saving…';
    case 'offline':
      return answers > 0 ? `Offline: ${unsavedAnswers(answers)}` : 'Offline: all answers saved';
    case 'error':
      return answers > 0 ? `${state.message} (${unsavedAnswers(answers)})` : state.message;
  }
}
