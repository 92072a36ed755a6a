import { describe, expect, it } from 'vitest';
import { clampZoom, zoomIn, zoomOut } from './pdf-zoom';

describe('PDF zoom', () => {
  it('moves in steps of 0.25 between 0.25 and 2', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomIn(2)).toBe(2);
    expect(zoomOut(0.25)).toBe(0.25);
    expect(clampZoom(0.6)).toBe(0.5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });
});
