import type { SaveState } from './sync-engine';

export const unsavedChanges = (n: number) => `${n} unsaved change${n === 1 ? '' : 's'}`;

/** The honest save state: never "saved" before the server said so. */
export function saveStateText(state: SaveState, unreachable: boolean, journalError: string | null, typing = false): string {
  if (journalError) return journalError;
  switch (state.status) {
    case 'saved':
      if (typing) return 'Saving…';
      return unreachable ? 'All answers saved (connection lost)' : 'All answers saved';
    case 'saving':
      return 'Saving…';
    case 'offline':
      return `Offline: ${unsavedChanges(state.unsent)}`;
    case 'error':
      return `${state.message} (${unsavedChanges(state.unsent)})`;
  }
}

