import type { QueryStatus } from '@invigil/shared/api/query-messages';
import { Paperclip } from 'lucide-react';

/** Spec section 4: the status is red when open and teal when closed. */
export function StatusChip({ status }: { status: QueryStatus }) {
  // Light red and teal tints with dark text: readable (4.5:1) in light and dark themes alike.
  const tone = status === 'open' ? 'bg-red-100 text-red-900 border-red-300' : 'bg-teal-100 text-teal-900 border-teal-300';
  return <span className={`badge border ${tone} whitespace-nowrap font-semibold`}>{status === 'open' ? 'Open' : 'Closed'}</span>;
}

/** An attachment link that opens in a new tab. */
export function AttachmentLink({ href, label = 'Attachment' }: { href: string; label?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="link link-primary inline-flex items-center gap-1 break-all">
      <Paperclip className="h-4 w-4 shrink-0" aria-hidden="true" />
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
