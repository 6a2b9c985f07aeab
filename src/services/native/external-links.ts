import { isNativeShell } from './native-shell';

/**
 * Opens a link outside the app: the system browser in the native shell (through Capacitor's App Launcher,
 * loaded only there), a new tab on the web. Scholarship applications and news articles live on other sites;
 * inside the shell's web view they would replace the app with no way back.
 */
export async function openExternal(url: string): Promise<void> {
  if (isNativeShell()) {
    const { AppLauncher } = await import('@capacitor/app-launcher');
    await AppLauncher.openUrl({ url });
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** On the web a plain link with target="_blank" is best (middle-click, long-press menu); only the shell needs help. */
export const linksNeedTheBridge = (): boolean => isNativeShell();
