// The PDF library, loaded only by the book reader. pdf.js ships ready-made ES modules: they are served
// as they are (hashed assets) and imported at run time, never bundled into the app's chunks, so the landing
// route shares nothing with them.
import type * as PdfJs from 'pdfjs-dist';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import libraryUrl from 'pdfjs-dist/build/pdf.min.mjs?url';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

let library: Promise<typeof PdfJs> | null = null;
function loadLibrary(): Promise<typeof PdfJs> {
  library ??= (import(/* @vite-ignore */ libraryUrl) as Promise<typeof PdfJs>).then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  // A failed fetch (offline) may succeed later: do not keep the failure.
  library.catch(() => {
    library = null;
  });
  return library;
}

/** Where the book's bytes come from: the copy on the device, or the server (read by ranges). */
export type PdfSource = { data: ArrayBuffer } | { url: string };

export interface PdfBook {
  readonly pageCount: number;
  /**
   * Draws one page into the canvas, fitted to `width` CSS pixels times `zoom`, sharp on high-density
   * screens. A newer call for the same canvas cancels the one still drawing.
   */
  render(page: number, canvas: HTMLCanvasElement, width: number, zoom: number): Promise<void>;
  close(): Promise<void>;
}

/** Range requests of this size: a student reading two pages of a long book downloads those, not all of it. */
const RANGE_CHUNK_BYTES = 65_536;

export async function openPdfBook(source: PdfSource): Promise<PdfBook> {
  const { getDocument } = await loadLibrary();
  const task = getDocument(
    'data' in source
      ? { data: new Uint8Array(source.data) }
      : { url: source.url, rangeChunkSize: RANGE_CHUNK_BYTES, disableAutoFetch: true, disableStream: true },
  );
  const document: PDFDocumentProxy = await task.promise;
  const running = new WeakMap<HTMLCanvasElement, RenderTask>();
  return {
    pageCount: document.numPages,
    async render(pageNumber, canvas, width, zoom) {
      running.get(canvas)?.cancel();
      const page = await document.getPage(pageNumber);
      const fitted = page.getViewport({ scale: 1 });
      const scale = (Math.max(1, width) / fitted.width) * zoom;
      const viewport = page.getViewport({ scale });
      const ratio = Math.min(globalThis.devicePixelRatio || 1, 2);
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      const task = page.render({
        canvas,
        viewport,
        ...(ratio === 1 ? {} : { transform: [ratio, 0, 0, ratio, 0, 0] }),
      });
      running.set(canvas, task);
      try {
        await task.promise;
      } finally {
        if (running.get(canvas) === task) running.delete(canvas);
      }
    },
    close: () => document.destroy(),
  };
}

/** A newer page asked for while one was drawing: not a failure to show. */
export const isCancelledRender = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: string }).name === 'RenderingCancelledException';
