import { describe, expect, it } from 'vitest';
import { clampZoom, fitWidthZoom, MAX_ZOOM, zoomIn, zoomOut } from './pdf-zoom';

describe('PDF zoom', () => {
  it('moves in steps of 0.25 between 0.25 and 2', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomIn(2)).toBe(2);
    expect(zoomOut(0.25)).toBe(0.25);
    expect(clampZoom(0.6)).toBe(0.5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('opens a page wider than the viewer fitted to its width (a 360 px phone), else at 100 %', () => {
    // An A4 page is 595 pt wide; the phone's viewer about 328 px.
    const fitted = fitWidthZoom(328, 595);
    expect(fitted).toBeCloseTo(312 / 595);
    expect(595 * fitted).toBeLessThanOrEqual(328);
    expect(fitWidthZoom(900, 595)).toBe(1);
    expect(fitWidthZoom(100, 2000)).toBe(0.25);
    expect(fitWidthZoom(0, 595)).toBe(1);
    // Fit to width (the button) may enlarge, up to the largest zoom.
    expect(fitWidthZoom(906, 595, MAX_ZOOM)).toBeCloseTo(890 / 595);
    expect(fitWidthZoom(3000, 595, MAX_ZOOM)).toBe(2);
  });

  it('steps from a fitted zoom to the next step up or down', () => {
    expect(zoomIn(0.52)).toBe(0.75);
    expect(zoomOut(0.52)).toBe(0.5);
    expect(zoomOut(0.26)).toBe(0.25);
    expect(zoomIn(1.9)).toBe(2);
  });
});
