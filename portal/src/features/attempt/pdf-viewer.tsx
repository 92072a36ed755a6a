import { MoveHorizontal, ZoomIn, ZoomOut } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { fitWidthZoom, MAX_ZOOM, MIN_ZOOM, zoomIn, zoomOut } from './pdf-zoom';

/**
 * The attachments' PDF viewer on pdf.js. This module (and pdf.js with it) loads only when a PDF is
 * opened; the worker comes from the package itself, never from a CDN.
 */
export default function PdfViewer({ url, title }: { url: string; title: string }) {
  // Null until the first page's width is known: the PDF opens fitted to the viewer's width.
  const [zoom, setZoom] = useState<number | null>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pages = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    setDoc(null);
    setZoom(null);
    setError(null);
    void (async () => {
      try {
        const pdfjs = await import('pdfjs-dist');
        pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
        loaded = await pdfjs.getDocument({ url }).promise;
        if (cancelled) void loaded.destroy();
        else setDoc(loaded);
      } catch (reason) {
        if (!cancelled) setError(reason instanceof Error ? reason.message : 'The PDF could not be opened.');
      }
    })();
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  const fitWidth = async (loaded: PDFDocumentProxy, largest?: number): Promise<number> => {
    const page = await loaded.getPage(1);
    return fitWidthZoom(pages.current?.clientWidth ?? 0, page.getViewport({ scale: 1 }).width, largest);
  };

  useEffect(() => {
    if (!doc || zoom !== null) return;
    let cancelled = false;
    void fitWidth(doc)
      .catch(() => 1)
      .then((fitted) => {
        if (!cancelled) setZoom(fitted);
      });
    return () => {
      cancelled = true;
    };
  }, [doc, zoom]);

  useEffect(() => {
    const container = pages.current;
    if (!doc || !container || zoom === null) return;
    let cancelled = false;
    container.replaceChildren();
    void (async () => {
      const ratio = window.devicePixelRatio || 1;
      for (let n = 1; n <= doc.numPages && !cancelled; n += 1) {
        const page = await doc.getPage(n);
        if (cancelled) return;
        const viewport = page.getViewport({ scale: zoom });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        canvas.className = 'mx-auto mb-3 shadow';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `Page ${n} of ${doc.numPages}`);
        container.append(canvas);
        await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
      }
    })().catch((reason: unknown) => {
      if (!cancelled) setError(reason instanceof Error ? reason.message : 'The PDF could not be shown.');
    });
    return () => {
      cancelled = true;
    };
  }, [doc, zoom]);

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-2 border-b border-base-300 pb-2" role="toolbar" aria-label={`${title} zoom`}>
        <button type="button" className="btn btn-sm btn-square" aria-label="Zoom out" disabled={zoom === null || zoom <= MIN_ZOOM} onClick={() => setZoom((z) => zoomOut(z ?? 1))}>
          <ZoomOut className="h-4 w-4" aria-hidden="true" />
        </button>
        <span className="w-14 text-center tabular-nums" aria-live="polite">{zoom === null ? '' : `${Math.round(zoom * 100)}%`}</span>
        <button type="button" className="btn btn-sm btn-square" aria-label="Zoom in" disabled={zoom === null || zoom >= MAX_ZOOM} onClick={() => setZoom((z) => zoomIn(z ?? 1))}>
          <ZoomIn className="h-4 w-4" aria-hidden="true" />
        </button>
        <button type="button" className="btn btn-sm btn-square" aria-label="Fit to width" title="Fit to width" disabled={!doc} onClick={() => doc && void fitWidth(doc, MAX_ZOOM).then(setZoom)}>
          <MoveHorizontal className="h-4 w-4" aria-hidden="true" />
        </button>
        {doc ? <span className="ml-auto text-sm">{doc.numPages} page{doc.numPages === 1 ? '' : 's'}</span> : null}
      </div>
      {error ? <p className="mt-3 text-error" role="alert">{error}</p> : null}
      {!doc && !error ? <span className="loading loading-spinner mx-auto mt-6" aria-label="Loading PDF" /> : null}
      {/* Focusable, so the pages scroll by keyboard too. */}
      <div ref={pages} className="min-h-0 flex-1 overflow-auto bg-base-200 py-3" data-testid="pdf-pages" tabIndex={0} role="region" aria-label={`${title} pages`} />
    </div>
  );
}
