import { signal } from '@preact/signals-react';
import { STORAGE_KEYS, storage } from '../../lib/storage';

/** The six brand colours a theme sets (daisyUI's colour variables). */
export const THEME_COLOR_ROLES = ['primary', 'secondary', 'accent', 'info', 'success', 'error'] as const;
export type ThemeColorRole = (typeof THEME_COLOR_ROLES)[number];

export interface Theme {
  name: string;
  colors: Record<ThemeColorRole, string>;
}

/** Four colour themes of six colours each (spec: stored by index). */
export const THEMES: readonly Theme[] = [
  { name: 'Indigo', colors: { primary: '#4338ca', secondary: '#7c3aed', accent: '#0e7490', info: '#0369a1', success: '#15803d', error: '#b91c1c' } },
  { name: 'Teal', colors: { primary: '#0f766e', secondary: '#0369a1', accent: '#a16207', info: '#0e7490', success: '#166534', error: '#be123c' } },
  { name: 'Crimson', colors: { primary: '#be123c', secondary: '#9d174d', accent: '#c2410c', info: '#1d4ed8', success: '#15803d', error: '#991b1b' } },
  { name: 'Slate', colors: { primary: '#334155', secondary: '#475569', accent: '#0f766e', info: '#1e40af', success: '#166534', error: '#b91c1c' } },
];

export const THEME_APPLIED_MESSAGE = 'Theme applied successfully';

/** The stored index, or 0 when missing or out of range. */
export function storedThemeIndex(value: string | null): number {
  const index = Number(value);
  return Number.isInteger(index) && index >= 0 && index < THEMES.length ? index : 0;
}

/** Black or white text, whichever reads better on the colour (WCAG relative luminance). */
export function contentColorFor(hex: string): '#000000' | '#ffffff' {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white vs with black.
  return (1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05) ? '#ffffff' : '#000000';
}

export const activeThemeIndex = signal(storedThemeIndex(storage.get(STORAGE_KEYS.theme)));

export function applyTheme(index: number, root: HTMLElement = document.documentElement): void {
  const theme = THEMES[index] ?? THEMES[0]!;
  for (const role of THEME_COLOR_ROLES) {
    root.style.setProperty(`--color-${role}`, theme.colors[role]);
    root.style.setProperty(`--color-${role}-content`, contentColorFor(theme.colors[role]));
  }
  activeThemeIndex.value = THEMES.indexOf(theme);
}

export function chooseTheme(index: number): void {
  applyTheme(index);
  storage.set(STORAGE_KEYS.theme, String(activeThemeIndex.value));
}
