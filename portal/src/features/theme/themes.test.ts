import { describe, expect, it } from 'vitest';
import { THEMES, THEME_COLOR_ROLES, contentColorFor, storedThemeIndex } from './themes';

describe('themes', () => {
  it('has four themes of six colours', () => {
    expect(THEMES).toHaveLength(4);
    for (const theme of THEMES) expect(Object.keys(theme.colors)).toEqual([...THEME_COLOR_ROLES]);
  });
  it('reads the stored index safely', () => {
    expect(storedThemeIndex('2')).toBe(2);
    expect(storedThemeIndex(null)).toBe(0);
    expect(storedThemeIndex('7')).toBe(0);
    expect(storedThemeIndex('x')).toBe(0);
    expect(storedThemeIndex('1.5')).toBe(0);
  });
  it('keeps text readable on every theme colour (contrast at least 4.5)', () => {
    const luminance = (hex: string) => {
      const c = (o: number) => {
        const v = parseInt(hex.slice(o, o + 2), 16) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * c(1) + 0.7152 * c(3) + 0.0722 * c(5);
    };
    for (const theme of THEMES) {
      for (const color of Object.values(theme.colors)) {
        const [a, b] = [luminance(color), luminance(contentColorFor(color))].sort((x, y) => y - x) as [number, number];
        expect((a + 0.05) / (b + 0.05)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
