/** One field of a record as it was and as it became ('' where it did not exist). */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value in a line: text as it is, anything else as compact JSON; '' for nothing. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * What a write changed, field by field: for two records, the fields whose values differ (in the
 * order they come, those of `after` first); a creation lists every field of `after`, a deletion
 * every field of `before`; a value that is not a record is one field, "value".
 */
export function changesOf(before: unknown, after: unknown): FieldChange[] {
  const emptyBefore = before === null || before === undefined;
  const emptyAfter = after === null || after === undefined;
  if (emptyBefore && emptyAfter) return [];
  if ((emptyBefore || isRecord(before)) && (emptyAfter || isRecord(after))) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(now), ...Object.keys(was)])];
    return fields
      .map((field) => ({ field, before: valueText(was[field]), after: valueText(now[field]) }))
      .filter((change) => change.before !== change.after);
  }
  const change = { field: 'value', before: valueText(before), after: valueText(after) };
  return change.before === change.after ? [] : [change];
}
