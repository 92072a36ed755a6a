/** The PDF viewer's zoom: 0.25 to 2 in steps of 0.25 (spec section 5). */
export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 2;
export const ZOOM_STEP = 0.25;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  const stepped = Math.round(zoom / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, stepped));
}

export const zoomIn = (zoom: number) => clampZoom(zoom + ZOOM_STEP);
export const zoomOut = (zoom: number) => clampZoom(zoom - ZOOM_STEP);
