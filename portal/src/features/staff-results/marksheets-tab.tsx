import type { MarksheetItem, MarksheetPreviewReply, MarksheetsReply } from '@invigil/shared/api/staff-results';
import { useRef, useState } from 'react';
import { Modal } from '../../ui/modal';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { fetchMarksheet, fetchMarksheets, produceMarksheets } from './results-api';
import { formatWhen } from './results-text';
import { useLoad } from './use-load';

const PREVIEW_CSS = 'body{font-family:"Times New Roman",Times,serif;font-size:14px;line-height:1.4;color:#000;background:#fff;margin:16px}table{border-collapse:collapse;max-width:100%}td,th{padding:2px 6px;vertical-align:top}';

/**
 * The marksheet as the student's page shows it, in a frame that runs no script (the server built
 * and sanitised it), printed from the frame alone.
 */
function PreviewDialog({ sheet, onClose }: { sheet: MarksheetPreviewReply; onClose: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  return (
    <Modal
      open
      size="lg"
      title={sheet.name}
      onClose={onClose}
      actions={
<button type="button" className="btn btn-primary" onClick={() => frame.current?.contentWindow?.print()}>Print</button>
      }
    >
      <iframe ref={frame} title={`${sheet.name} preview`} sandbox="allow-same-origin allow-modals" className="h-96 w-full rounded border border-base-300 bg-white" srcDoc={`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${sheet.name.replace(/[<&]/g, '')}</title><style>${PREVIEW_CSS}</style></head><body>${sheet.html}</body></html>`} />
    </Modal>
  );
}

export function MarksheetsTab({ testId, version }: { testId: string; version: number }) {
  const { reply, failure, refresh } = useLoad<MarksheetsReply>((signal) => fetchMarksheets(testId, signal), `${testId}:${version}`);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [preview, setPreview] = useState<MarksheetPreviewReply | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, reply !== null);

  async function produce() {
    setBusy(true);
    setMessage(null);
    try {
      const done = await produceMarksheets(testId);
      setMessage({ text: `Marksheets produced: ${done.produced} new, ${done.replaced} replaced. Students see them under Marksheets.`, error: false });
      refresh();
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : 'Something went wrong!', error: true });
    } finally {
      setBusy(false);
    }
  }

  async function open(item: MarksheetItem) {
    try {
      setPreview(await fetchMarksheet(testId, item.id));
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : 'Something went wrong!', error: true });
    }
  }

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void produce()}>{busy ? 'Producing…' : 'Produce marksheets'}</button>
        <p className="text-sm">One for each counted attempt (not void); producing again replaces them.</p>
      </div>
      <div aria-live="polite">{message ? <p className={`mb-3 ${message.error ? 'text-error' : ''}`} role={message.error ? 'alert' : undefined}>{message.text}</p> : null}</div>
      <StaffListBox failure={failure} reply={reply} loadingLabel="Loading marksheets" onRetry={refresh}>
        {(reply) =>
          reply.items.length === 0 ? (
            <p className="px-4 py-10 text-center">No marksheets produced from this test yet.</p>
          ) : (
            <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Marksheets table' } : {})}>
              <table className="table table-sm">
                <caption className="sr-only">Marksheets produced from this test</caption>
                <thead>
                  <tr>
                    <th scope="col">Student</th>
                    <th scope="col">Marksheet</th>
                    <th scope="col">Produced</th>
                    <th scope="col"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  {reply.items.map((item) => (
                    <tr key={item.id}>
                      <th scope="row" className="min-w-40 font-normal">{item.student}<p className="text-sm opacity-80">{item.reg_no}</p></th>
                      <td className="min-w-40">{item.name}</td>
                      <td className="whitespace-nowrap">{formatWhen(item.updated_at)}</td>
                      <td><button type="button" className="btn btn-sm btn-outline" aria-label={`Preview the marksheet of ${item.student}`} onClick={() => void open(item)}>Preview</button></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </StaffListBox>
      {preview ? <PreviewDialog sheet={preview} onClose={() => setPreview(null)} /> : null}
    </>
  );
}
