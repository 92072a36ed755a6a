import { describe, expect, it } from 'vitest';
import { changesOf } from './audit-diff';

describe('changesOf', () => {
  it('lists the fields whose values differ', () => {
    expect(changesOf({ name: 'Asha', classId: 'c1', tags: ['a'] }, { name: 'Asha V.', classId: 'c1', tags: ['a', 'b'] })).toEqual([
      { field: 'name', before: 'Asha', after: 'Asha V.' },
      { field: 'tags', before: '["a"]', after: '["a","b"]' },
    ]);
  });

  it('lists every field of a created or deleted record, and a removed field', () => {
    expect(changesOf(null, { title: 'Holiday', audience: 'all' })).toEqual([
      { field: 'title', before: '', after: 'Holiday' },
      { field: 'audience', before: '', after: 'all' },
    ]);
    expect(changesOf({ title: 'Holiday' }, null)).toEqual([{ field: 'title', before: 'Holiday', after: '' }]);
    expect(changesOf({ a: 1, b: 2 }, { a: 1 })).toEqual([{ field: 'b', before: '2', after: '' }]);
  });

  it('treats other values as one field, and nothing as no change', () => {
    expect(changesOf(3, 4)).toEqual([{ field: 'value', before: '3', after: '4' }]);
    expect(changesOf(null, null)).toEqual([]);
    expect(changesOf({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
