import { QUERY_ATTACHMENT_ACCEPT, QUERY_MESSAGES, queryAttachmentType } from '@invigil/shared/api/query-messages';
import { useId, useRef } from 'react';

/** The problem of a chosen attachment (its type), or null. */
export const attachmentProblem = (file: File | null): string | null => (file && !queryAttachmentType(file.name) ? QUERY_MESSAGES.attachmentType : null);

/** A labelled file input for one attachment (.pdf, .png, .jpg, .jpeg), with Remove once one is chosen. */
export function AttachmentInput({ file, onChange, error, disabled }: { file: File | null; onChange: (file: File | null) => void; error: string | null; disabled?: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="w-full">
      <label htmlFor={id} className="label pb-1">
        <span className="label-text font-medium text-base-content">Attachment (.pdf, .png, .jpg, .jpeg)</span>
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept={QUERY_ATTACHMENT_ACCEPT}
          className={`file-input file-input-bordered w-full max-w-md ${error ? 'file-input-error' : ''}`}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        {file ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={disabled}
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(null);
            }}
          >
            Remove
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">{error}</p>
      ) : null}
    </div>
  );
}
