import { describe, expect, it } from 'vitest';
import { studyQuery, subjectHref, withQuery } from './study-route';

describe('study addresses', () => {
  it('reads the type from the query, else from the route, and a page from 1', () => {
    expect(studyQuery('type=material', '/study')).toMatchObject({ type: 'material', page: 1 });
    expect(studyQuery('', '/assignment').type).toBe('assignment');
    expect(studyQuery('type=all', '/homework').type).toBeNull();
    expect(studyQuery('type=quiz&page=0', '/study')).toMatchObject({ type: null, page: 1 });
    expect(studyQuery('tid=t1&sn=Physics&tn=Dr.%20A&page=3')).toEqual({ type: null, page: 3, authorId: 't1', subjectName: 'Physics', authorName: 'Dr. A' });
  });

  it('builds the View address and changes one query value', () => {
    expect(subjectHref({ subject_id: 'demo physics', subject_name: 'Physics', author_id: 't1', author_name: 'Dr. A' }, 'assignment')).toBe('/study/demo%20physics?tid=t1&sn=Physics&tn=Dr.+A&type=assignment');
    expect(withQuery('/study/x', 'tid=t1&page=2', { page: null, type: 'material' })).toBe('/study/x?tid=t1&type=material');
    expect(withQuery('/study', 'type=material', { type: null })).toBe('/study');
  });
});
