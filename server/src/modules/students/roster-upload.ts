import type { Kysely } from 'kysely';
import type { RosterPreview, RosterSummary } from '@invigil/shared/api/student-roster';
import type { Database } from '../../platform/db';
import { checkRoster } from './roster-check';
import type { RosterCheckOptions, RosterPlanItem } from './roster-check';
import { readRosterFile } from './roster-file';
import type { RosterFileLimits } from './roster-file';
import { loadRosterLookups, writeRoster } from './roster-writer';
import type { RosterProgress } from './roster-writer';

// The upload's two steps (issue 28, decision 0055): the preview (nothing written) and the confirmed write.

export type RosterPreviewResult = { ok: true; preview: RosterPreview; plan: RosterPlanItem[] } | { ok: false; message: string };

/** The upload's preview: the file read and every row checked against the database; nothing written. */
export async function previewRoster(
  db: Kysely<Database>,
  data: Uint8Array,
  options: RosterCheckOptions & { limits?: RosterFileLimits } = {},
): Promise<RosterPreviewResult> {
  const read = await readRosterFile(data, options.limits);
  if (!read.ok) return read;
  const { file } = read;
  const check = checkRoster(file.rows, await loadRosterLookups(db, file.rows), options);
  return {
    ok: true,
    preview: { sheet: file.sheet, headerRow: file.headerRow, headers: file.headers, rows: check.rows, counts: check.counts },
    plan: check.plan,
  };
}

export type RosterConfirmResult =
  | { ok: true; summary: RosterSummary; failures: { rowNumber: number; message: string }[]; provisionalUserIds: string[] }
  | { ok: false; message: string };

/**
 * The confirmed upload: the same file read and checked again (the database may have changed since
 * the preview), its good rows written; rows with errors count as failed. Start
 * `strengthenProvisionalPasswords(db, { userIds: provisionalUserIds })` after replying (decision 0055).
 */
export async function confirmRoster(
  db: Kysely<Database>,
  data: Uint8Array,
  options: RosterCheckOptions & { limits?: RosterFileLimits; now: number; onProgress?: (progress: RosterProgress) => void },
): Promise<RosterConfirmResult> {
  const previewed = await previewRoster(db, data, options);
  if (!previewed.ok) return previewed;
  const written = await writeRoster(db, previewed.plan, { now: options.now, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  const failures = [
    ...previewed.preview.rows.flatMap((row) => row.errors.map((error) => ({ rowNumber: row.rowNumber, message: error.message }))),
    ...written.failures,
  ].sort((a, b) => a.rowNumber - b.rowNumber);
  return {
    ok: true,
    summary: { ...written.summary, failed: written.summary.failed + previewed.preview.counts.error },
    failures,
    provisionalUserIds: written.provisionalUserIds,
  };
}
