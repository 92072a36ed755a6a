import { describe, expect, it } from 'vitest';
import { draftPath, paperStructure } from './test-draft-convert';

describe('draftPath', () => {
  it('translates the import test\'s issue paths into the draft\'s', () => {
    expect(draftPath(['format', 'parts', 0, 'sections', 1, 'questions', 2, 'answer'])).toBe('parts.0.sections.1.questions.2.question.answer');
    expect(draftPath(['format', 'parts', 0, 'sections', 1, 'questions', 2, 'answer', 0])).toBe('parts.0.sections.1.questions.2.question.answer.0');
    expect(draftPath(['format', 'parts', 0, 'sections', 1, 'questions', 2, 'options', 'E'])).toBe('parts.0.sections.1.questions.2.question.options.E');
    expect(draftPath(['format', 'parts', 0, 'sections', 1, 'questions', 2])).toBe('parts.0.sections.1.questions.2');
    expect(draftPath(['format', 'parts', 0, 'sections', 1, 'questions'])).toBe('parts.0.sections.1.questions');
    expect(draftPath(['format', 'parts', 3, 'duration'])).toBe('parts.3.duration');
    expect(draftPath(['format', 'parts'])).toBe('parts');
    expect(draftPath(['format', 'duration'])).toBe('duration');
    expect(draftPath(['format', 'partwise_time_gap'])).toBe('partwise_time_gap');
    expect(draftPath(['format'])).toBe('parts');
    expect(draftPath(['_id'])).toBe('id');
    expect(draftPath(['assigned_to', 4])).toBe('students.4');
    expect(draftPath(['ends_at'])).toBe('ends_at');
    expect(draftPath(['config', 'PROCTOR_TYPE'])).toBe('config.PROCTOR_TYPE');
  });
});

describe('paperStructure', () => {
  it('names each question by part, section and type, in order', () => {
    expect(paperStructure([{ qt: 3, pi: 0, si: 0 }, { qt: 6, pi: 0, si: 1 }, { qt: 1, pi: 1, si: 0 }])).toBe('0.0.3,0.1.6,1.0.1');
  });
});
