/**
 * Whether the app runs inside the Capacitor shell. The shell injects `window.Capacitor` before the page's
 * scripts run, so this needs no import: the web bundle never loads @capacitor/* just to learn it is the web.
 */
export function isNativeShell(scope: object = globalThis): boolean {
  const capacitor = (scope as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return typeof capacitor?.isNativePlatform === 'function' && capacitor.isNativePlatform() === true;
}
