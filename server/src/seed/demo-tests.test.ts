import { describe, expect, it } from 'vitest';
import { DEMO_TEST_IDS, demoImportFile } from './demo-tests';

interface Marked {
  pm: number;
  nm?: number;
}
interface Level {
  instruction?: string;
  questions: Marked[];
}

/** Every instruction of the demo tests (test, part, section) with the questions it speaks for. */
function instructionLevels(): { where: string; instruction: string; questions: Marked[] }[] {
  const levels: { where: string; instruction: string; questions: Marked[] }[] = [];
  for (const test of demoImportFile(Date.now()).tests ?? []) {
    const parts = test.format.parts as { name: string; instruction?: string; sections: (Level & { name: string })[] }[];
    const all = parts.flatMap((part) => part.sections.flatMap((section) => section.questions));
    const add = (where: string, level: Level) => {
      if (level.instruction) levels.push({ where, instruction: level.instruction, questions: level.questions });
    };
    add(test._id, { instruction: test.instruction, questions: all });
    for (const part of parts) {
      add(`${test._id} / ${part.name}`, { instruction: part.instruction, questions: part.sections.flatMap((section) => section.questions) });
      for (const section of part.sections) add(`${test._id} / ${part.name} / ${section.name}`, section);
    }
  }
  return levels;
}

describe('demo tests', () => {
  it('state the marks their questions really carry wherever an instruction states marks', () => {
    const stating = instructionLevels().filter(({ instruction }) => /[+-]\d|negative mark/i.test(instruction));
    expect(stating.length).toBeGreaterThan(3);
    for (const { where, instruction, questions } of stating) {
      for (const { pm, nm = 0 } of questions) {
        expect(instruction, `${where}: +${pm}`).toContain(`+${pm}`);
        if (nm > 0) expect(instruction, `${where}: -${nm}`).toContain(`-${nm}`);
        else expect(instruction, `${where}: no penalty`).toMatch(/no negative marks/i);
      }
    }
  });

  it('let the mixed paper show its test preview, and print the options of its tap question in the question', () => {
    const mixed = demoImportFile(Date.now()).tests?.find((test) => test._id === DEMO_TEST_IDS.mixed);
    expect(mixed?.config?.HIDE_TEST_PREVIEW).toBe(false);
    const tap = mixed?.format.parts.flatMap((part) => part.sections).find((section) => section.tap);
    const question = tap?.questions[0] as { noo?: number; text: string } | undefined;
    expect(question?.noo).toBe(6);
    for (const label of ['a', 'b', 'c', 'd', 'e', 'f']) expect(question?.text).toContain(`(${label})`);
  });
});
