/**
 * Calls `onStable` once the page has finished loading and the main thread is idle: registering the service
 * worker then does not compete with the first screen for a slow phone's bandwidth and CPU (docs/product.md §9
 * "registers when stable"; the machine's own 30 s deadline covers a page that never settles).
 */
export function whenAppStable(
  onStable: () => void,
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout'> & {
    document: Pick<Document, 'readyState'>;
    requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  } = window,
): () => void {
  let cancelled = false;
  const fire = () => {
    if (!cancelled) onStable();
  };
  const afterIdle = () => {
    if (win.requestIdleCallback) win.requestIdleCallback(fire, { timeout: 5_000 });
    else win.setTimeout(fire, 1_000);
  };
  const onLoad = () => afterIdle();
  if (win.document.readyState === 'complete') afterIdle();
  else win.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    win.removeEventListener('load', onLoad);
  };
}
