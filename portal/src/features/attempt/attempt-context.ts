import { createContext, useContext } from 'react';
import type { LoadedAttempt } from './attempt-loader';

export const AttemptContext = createContext<LoadedAttempt | null>(null);

export function useAttempt(): LoadedAttempt {
  const attempt = useContext(AttemptContext);
  if (!attempt) throw new Error('useAttempt outside an attempt');
  return attempt;
}
