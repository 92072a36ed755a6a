import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_TODOS, TODO_MESSAGES, TODO_TEXT_MAX_LENGTH } from './desk-messages';
import { checkPortalSections, importTodoSchema, portalSectionsShape } from './portal-import';

const sections = z.object(portalSectionsShape);

describe('imported todos keep the limits of the desk', () => {
  it('refuses a text longer than a student may type', () => {
    const todo = { id: 't1', reg_no: 'DEMO001' };
    expect(importTodoSchema.safeParse({ ...todo, text: 'x'.repeat(TODO_TEXT_MAX_LENGTH) }).success).toBe(true);
    const tooLong = importTodoSchema.safeParse({ ...todo, text: 'x'.repeat(TODO_TEXT_MAX_LENGTH + 1) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(TODO_MESSAGES.tooLong);
  });

  it('refuses more todos for one student than the desk keeps, once, at the first one over', () => {
    const todos = (regNo: string, count: number) => Array.from({ length: count }, (_, i) => ({ id: `${regNo}-${i}`, reg_no: regNo, text: `Todo ${i}` }));
    const issues: { path: (string | number)[]; message: string }[] = [];
    checkPortalSections(sections.parse({ todos: [...todos('DEMO001', MAX_TODOS), ...todos('DEMO002', MAX_TODOS + 2)] }), issues);
    expect(issues).toEqual([{ path: ['todos', 2 * MAX_TODOS], message: `DEMO002 has more than ${MAX_TODOS} todos in the file (a student keeps at most ${MAX_TODOS}).` }]);
  });
});
