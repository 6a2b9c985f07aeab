/**
 * Whether a media URL comes from another origin than the page (the native shell's pages are on the device,
 * the media on the server): then the video loads in CORS mode, or the browser would refuse its caption
 * tracks. Same-origin media (the web app) is left as it always was.
 */
export function isCrossOrigin(url: string, page: string | undefined = globalThis.location?.href): boolean {
  if (!page) return false;
  try {
    return new URL(url, page).origin !== new URL(page).origin;
  } catch {
    return false;
  }
}
