import { z } from 'zod';
import { scheduleFromTimeLeftWindows } from '@invigil/shared/domain/partwise-timing';
import type { PartSchedule } from '@invigil/shared/domain/partwise-timing';

/**
 * What the server needs to tell which part a changed question belongs to under part-wise timing,
 * and when that part is open: each part's question range and the part schedule.
 */
export interface PartLayout {
  schedule: PartSchedule;
  /** First and last question number of each part, in paper order. */
  parts: { fqn: number; lqn: number }[];
}

// Only these fields of the stored paper (TestPaper JSON); the rest is not even validated.
const paperPartsSchema = z.object({
  format: z.object({
    partwise_timing: z.boolean(),
    /** Minutes. */
    partwise_time_gap: z.number(),
    parts: z.array(
      z.object({ fqn: z.number(), lqn: z.number(), time_lefts: z.number().nullable(), time_lefte: z.number().nullable() }),
    ),
  }),
});

/** The layout of a stored paper; null when the paper has no part-wise timing (or no windows). */
export function partLayoutOf(paperJson: string): PartLayout | null {
  const parsed = paperPartsSchema.safeParse(JSON.parse(paperJson));
  if (!parsed.success || !parsed.data.format.partwise_timing) return null;
  const { parts, partwise_time_gap: gapMinutes } = parsed.data.format;
  const windows: { time_lefts: number; time_lefte: number }[] = [];
  for (const part of parts) {
    if (part.time_lefts === null || part.time_lefte === null) return null;
    windows.push({ time_lefts: part.time_lefts, time_lefte: part.time_lefte });
  }
  return { schedule: scheduleFromTimeLeftWindows(windows, gapMinutes * 60), parts: parts.map(({ fqn, lqn }) => ({ fqn, lqn })) };
}

/** The index of the part holding question `qn`, or -1. */
export function partOfQuestion(layout: PartLayout, qn: number): number {
  return layout.parts.findIndex((part) => qn >= part.fqn && qn <= part.lqn);
}

/**
 * Layouts by test and version, worked out once per process from the stored paper. A version's
 * paper never changes, so entries never go stale (as the paper cache); the oldest are dropped past
 * `maxEntries`. `load` reads the paper JSON of that version (undefined when it is no longer the
 * stored one): the caller passes a read inside its own transaction, because on SQLite a read on
 * another connection would wait for that very transaction.
 */
export function createPartLayoutCache(maxEntries = 64) {
  const entries = new Map<string, PartLayout | null>();
  return {
    async get(testId: string, version: number, load: () => Promise<string | undefined>): Promise<PartLayout | null> {
      const key = `${testId}@${version}`;
      const cached = entries.get(key);
      if (cached !== undefined) return cached;
      const json = await load();
      // Not cached when the version was replaced meanwhile: the next call reads again.
      if (json === undefined) return null;
      const layout = partLayoutOf(json);
      entries.set(key, layout);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return layout;
    },
  };
}

export type PartLayoutCache = ReturnType<typeof createPartLayoutCache>;
