/**
 * Holds on the app's idle-time work, each released by whoever took it. While one is held, work waiting for a
 * stable app waits longer: a lesson opened from a link keeps the link to itself until its first frame
 * (issue 19; src/app/player-idle-hold.ts).
 */
const holds = new Set<symbol>();
const waitingForRelease = new Set<() => void>();

/** Holds the idle-time work until the returned function is called (calling it again does nothing). */
export function holdAppStable(): () => void {
  const hold = Symbol('hold');
  holds.add(hold);
  return () => {
    if (!holds.delete(hold) || holds.size > 0) return;
    const waiting = [...waitingForRelease];
    waitingForRelease.clear();
    for (const run of waiting) run();
  };
}

/** Whether some idle-time work is held now. */
export function isAppStableHeld(): boolean {
  return holds.size > 0;
}

/**
 * Calls `onStable` once the page has finished loading and the main thread is idle: registering the service
 * worker then does not compete with the first screen for a slow phone's bandwidth and CPU (docs/product.md §9
 * "registers when stable"; the machine's own 30 s deadline covers a page that never settles). While a hold
 * is taken (holdAppStable), it waits for its release too.
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
    if (cancelled) return;
    if (holds.size > 0) waitingForRelease.add(fire);
    else onStable();
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
    waitingForRelease.delete(fire);
    win.removeEventListener('load', onLoad);
  };
}
