import { describe, expect, it } from 'vitest';
import { areasFor, currentArea } from './staff-areas';

describe('the staff navigation', () => {
  it('lists what each role may open, Staff for the admin only', () => {
    expect(areasFor('admin').map((area) => area.label)).toEqual(['Home', 'Students', 'Classes', 'Timetable', 'Attendance', 'Study material', 'Question bank', 'Tests', 'Grading', 'Results', 'Proctoring review', 'Live console', 'Notices', 'Queries', 'Fees', 'Certificates', 'Staff', 'Audit log']);
    expect(areasFor('teacher').map((area) => area.label)).toContain('Tests');
    expect(areasFor('proctor').map((area) => area.label)).not.toContain('Tests');
    expect(areasFor('teacher').map((area) => area.label)).toContain('Question bank');
    expect(areasFor('proctor').map((area) => area.label)).not.toContain('Question bank');
    expect(areasFor('proctor').map((area) => area.label)).toEqual(['Home', 'Proctoring review', 'Live console']);
    expect(areasFor('teacher').map((area) => area.label)).not.toContain('Staff');
    expect(areasFor('teacher').map((area) => area.label)).not.toContain('Fees');
    expect(areasFor('teacher').map((area) => area.label)).toContain('Attendance');
  });

  it('marks the area of the page shown', () => {
    expect(currentArea('/staff')?.label).toBe('Home');
    expect(currentArea('/staff/accounts')?.label).toBe('Staff');
    expect(currentArea('/staff/accounts/s1')?.label).toBe('Staff');
    expect(currentArea('/staff/bank/new')?.label).toBe('Question bank');
    expect(currentArea('/staff/tests/demo-mcq/preview')?.label).toBe('Tests');
    expect(currentArea('/proctor/test/demo-mcq')?.label).toBe('Live console');
    expect(currentArea('/staffroom')).toBeUndefined();
  });
});
