/** The PDF viewer's zoom: 0.25 to 2 in steps of 0.25 (spec section 5). */
export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 2;
export const ZOOM_STEP = 0.25;

/** Room left beside a fitted page (px), so its shadow and a scroll bar do not crop it. */
const FIT_MARGIN = 16;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  const stepped = Math.round(zoom / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, stepped));
}

// A fitted zoom lies between steps: the buttons go to the next step up or down from it.
const EPSILON = 1e-9;
export const zoomIn = (zoom: number) => Math.min(MAX_ZOOM, (Math.floor(zoom / ZOOM_STEP + EPSILON) + 1) * ZOOM_STEP);
export const zoomOut = (zoom: number) => Math.max(MIN_ZOOM, (Math.ceil(zoom / ZOOM_STEP - EPSILON) - 1) * ZOOM_STEP);

/**
 * The zoom that shows the page's whole width, between the smallest zoom and `largest`. A PDF opens
 * at 100 %, or fitted when the page is wider than the viewer (a phone); Fit to width may enlarge.
 */
export function fitWidthZoom(viewerWidth: number, pageWidth: number, largest = 1): number {
  if (!(viewerWidth > 0) || !(pageWidth > 0)) return 1;
  return Math.max(MIN_ZOOM, Math.min(largest, (viewerWidth - FIT_MARGIN) / pageWidth));
}
