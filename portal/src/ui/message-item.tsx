import { ChevronDown, Paperclip } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/** An attachment's link text: its file name, else 'Attachment N'. */
export function attachmentName(url: string, index: number): string {
  try {
    const name = decodeURIComponent(new URL(url, window.location.origin).pathname.split('/').pop() ?? '');
    return name || `Attachment ${index + 1}`;
  } catch {
    return `Attachment ${index + 1}`;
  }
}

/**
 * One message of a list the student opens to read (the bell's notifications, the desk's notices):
 * the title, marked while unread, its time, and, opened, the content and attachment links.
 */
export function MessageItem({ title, unread, time, content, attachments, expanded, onToggle }: {
  title: string;
  unread: boolean;
  time: ReactNode;
  content: string;
  attachments: readonly string[];
  expanded: boolean;
  onToggle: () => void;
}) {
  const contentId = useId();
  return (
    <li className="border-b border-base-300 last:border-b-0">
      <button
        type="button"
        className="flex w-full items-start gap-3 rounded-box px-2 py-3 text-left hover:bg-base-200"
        aria-expanded={expanded}
        aria-controls={contentId}
        onClick={onToggle}
      >
        <span className={`mt-2 h-2.5 w-2.5 flex-none rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`} aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className={`block break-words ${unread ? 'font-bold' : 'font-medium'}`}>
            {title}
            {unread ? (
              <>
                <span className="sr-only">,</span> <span className="badge badge-primary badge-sm ml-1 h-auto align-middle">Unread</span>
              </>
            ) : null}
          </span>
          <span className="block text-sm opacity-80">{time}</span>
        </span>
        <ChevronDown className={`mt-1 h-5 w-5 flex-none transition-transform ${expanded ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <div id={contentId} hidden={!expanded} className="px-2 pb-3 pl-7.5">
        {content ? <p className="whitespace-pre-line break-words">{content}</p> : null}
        {attachments.length > 0 ? (
          <ul className="mt-2 flex flex-col gap-1" aria-label="Attachments">
            {attachments.map((url, index) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer" className="link link-primary inline-flex items-center gap-1 break-all">
                  <Paperclip className="h-4 w-4 flex-none" aria-hidden="true" />
                  {attachmentName(url, index)}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
