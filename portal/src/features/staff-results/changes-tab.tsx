import type { QuestionChangesReply } from '@invigil/shared/api/staff-results';
import { QUESTION_CHANGE_LABELS } from '@invigil/shared/api/staff-results-text';
import { useRef } from 'react';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { fetchChanges } from './results-api';
import { changeSide, formatWhen } from './results-text';
import { useLoad } from './use-load';

export function ChangesTab({ testId, version }: { testId: string; version: number }) {
  const { reply, failure, refresh } = useLoad<QuestionChangesReply>((signal) => fetchChanges(testId, signal), `${testId}:${version}`);
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, reply !== null);
  return (
    <StaffListBox failure={failure} reply={reply} loadingLabel="Loading changes" onRetry={refresh}>
      {(reply) =>
        reply.items.length === 0 ? (
          <p className="px-4 py-10 text-center">No question has been re-keyed, dropped or restored.</p>
        ) : (
          <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Changes table' } : {})}>
            <table className="table table-sm">
              <caption className="sr-only">Changes to questions after the test, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Question</th>
                  <th scope="col">Change</th>
                  <th scope="col">Before → after</th>
                  <th scope="col">Reason</th>
                  <th scope="col">By</th>
                  <th scope="col">Scored again</th>
                </tr>
              </thead>
              <tbody>
                {reply.items.map((change) => (
                  <tr key={change.id}>
                    <td className="whitespace-nowrap">{formatWhen(change.at)}</td>
                    <td>{change.qn}</td>
                    <td>{QUESTION_CHANGE_LABELS[change.kind]}</td>
                    <td className="min-w-44">{changeSide(change.before)} → {changeSide(change.after)}</td>
                    <td className="min-w-56 break-words">{change.reason}</td>
                    <td className="whitespace-nowrap">{change.by ?? '—'}</td>
                    <td>{change.rescored} attempts</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </StaffListBox>
  );
}
