import type { TestInstructionReply } from '@invigil/shared/api/tests';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { showSnackbar } from '../../lib/snackbar';
import { useEarlyReply } from '../../lib/use-early-reply';
import { instructionCall } from './tests-api';

/** Spec section 8: 'Instruction failure: ...then back.' */
export const INSTRUCTION_FAILED = 'Error fetching test instruction!';

/**
 * GET /test/instruction/{id} for the instruction pages (a test's and a chapter test's). On failure
 * the server's message (or the spec's) shows and the student goes back to the Scheduled Tests.
 * Null while loading, and for an empty id (there is nothing to fetch).
 */
export function useInstruction(id: string, resume: boolean): TestInstructionReply | null {
  const [, navigate] = useLocation();
  const { early, skipLoad } = useEarlyReply(() => (id ? instructionCall(id, resume).settled() : null));
  const [data, setData] = useState<{ id: string; reply: TestInstructionReply } | null>(early ? { id, reply: early.value } : null);

  useEffect(() => {
    if (skipLoad()) return;
    let cancelled = false;
    if (!id) {
      showSnackbar(INSTRUCTION_FAILED, { color: 'error' });
      navigate('/test', { replace: true });
      return;
    }
    instructionCall(id, resume)().then(
      (reply) => !cancelled && setData({ id, reply }),
      (error: unknown) => {
        if (cancelled) return;
        showSnackbar(error instanceof ApiError && error.message ? error.message : INSTRUCTION_FAILED, { color: 'error' });
        navigate('/test', { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, resume, navigate, skipLoad]);

  // A reply for another id (the route changed) is not this page's.
  return data?.id === id ? data.reply : null;
}
