/**
 * The lesson's request sent from the page itself (issue 19). When the app opens on the player
 * (`#/video-player?videoId=…`) for a student with a live session, the page's first inline script asks for
 * the lesson (`GET videos/video/play`: access, signed URLs, price) while the HTML is still being parsed,
 * instead of once the app's code has arrived and run: on a poor 3G link that is seconds earlier. The app's
 * API client takes this answer once (src/services/api/early-answers.ts), as the player takes the
 * navigation's prefetch (player-start.ts). scripts/prerender.ts inlines `lessonStartScript` into the page's
 * head: lessonStartBoot is serialised as its own source text, so it stays self-contained (no imports, no
 * helpers outside it, nothing newer than the app's ES2020 target).
 */
export interface LessonStartKeys {
  /** The player's route path. */
  playerPath: string;
  /** The endpoint's path, relative to the page (the API is the page's origin). */
  playPath: string;
  /** Where the session's token is stored. */
  tokenKey: string;
  /** The window property whose list the app's client takes early answers from. */
  answersKey: string;
  /**
   * The code the player's first render needs (the entry's modules, the root actors', the player's chunks and
   * stylesheets), as the build lists it for the page's boot script (scripts/prerender.ts).
   */
  code: string[];
}

export function lessonStartBoot(keys: LessonStartKeys): void {
  try {
    const hash = location.hash.replace(/^#/, '');
    const queryAt = hash.indexOf('?');
    const path = queryAt < 0 ? hash : hash.slice(0, queryAt);
    if (path !== keys.playerPath) return;
    // Where the player reads it (src/screens/UpNextList/player-path.ts): the hash's query, else the page's.
    const inHash = new URLSearchParams(queryAt < 0 ? '' : hash.slice(queryAt + 1)).get('videoId');
    const videoId =
      (inHash || '').trim() || (new URLSearchParams(location.search).get('videoId') || '').trim();
    const token = window.localStorage.getItem(keys.tokenKey);
    if (!videoId || !token) return;
    // An expired session is the app's to end (it logs out): no request on its behalf. The rule of
    // src/rules/jwt.ts's isTokenExpired, written out (tests/ui/app/boot-token-expiry.test.ts holds it to it):
    // three parts, a base64url payload of UTF-8 JSON, `exp` a finite number of seconds still ahead.
    const parts = token.split('.');
    const payload = parts[1] || '';
    if (parts.length !== 3 || !/^[A-Za-z0-9_-]*$/.test(payload)) return;
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
    const exp = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).exp;
    if (!Number.isFinite(exp) || exp * 1000 <= Date.now()) return;
    const url = `${keys.playPath}?videoId=${encodeURIComponent(videoId)}`;
    const headers = {
      Accept: 'application/json',
      // The page's language (the server chose it by the student's cookie): the server's `msg` is in it.
      'Accept-Language': document.documentElement.lang || 'en',
      Authorization: `Bearer ${token}`,
    };
    const response = fetch(url, { headers });
    // A failure is the client's to report when it takes the answer (it then asks itself, with its retries);
    // none is left unhandled meanwhile.
    response.catch(() => undefined);
    const host = window as unknown as Record<string, unknown[] | undefined>;
    host[keys.answersKey] = (host[keys.answersKey] || []).concat({ url, token, response, at: Date.now() });
    // The player's code leaves now too, while the rest of the HTML (the inline styles, the landing's markup
    // that the lesson replaces, the boot script) is still arriving and being parsed: on a cold start over a
    // poor 3G link that was 0.3 s of an idle link, and the installed app's code came 0.3 s later than it could
    // (a 4x-slowed phone parsing the page). Only fetched here: the entry, which needs the page's body, is still
    // added by the boot script at its end, which leaves out what is already asked for.
    // Where the page may draw the lesson and play it before the app's code (src/app/early-lesson-boot.ts: a
    // browser that describes its connection), the scripts wait for that first frame, so as not to share the
    // link with it: only the player's stylesheets, which the drawn lesson uses, leave now.
    const heldForLesson = !!(navigator as Navigator & { connection?: unknown }).connection;
    for (const href of keys.code) {
      if (heldForLesson && !/\.css$/.test(href)) continue;
      const link = document.createElement('link');
      if (/\.css$/.test(href)) {
        link.rel = 'preload';
        link.as = 'style';
      } else link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = 'anonymous';
      document.head.appendChild(link);
    }
  } catch {
    // Storage blocked, a malformed token, no fetch: the app asks itself once its code runs.
  }
}

/** The page's inline script: lessonStartBoot called with its keys, as source text. */
export function lessonStartScript(keys: LessonStartKeys): string {
  return `(${lessonStartBoot.toString()})(${JSON.stringify(keys)});`;
}

/**
 * The page with the script first in its head, right after the viewport: it leaves while the rest of the HTML
 * (the inline styles, the prerendered screen) is still arriving, before any of the app's code is known.
 */
export function withLessonStartScript(page: string, script: string): string {
  const viewport = /<meta name="viewport"[^>]*>/.exec(page);
  if (!viewport) throw new Error('index.html has no viewport meta');
  return page.replace(viewport[0], `${viewport[0]}<script>${script}</script>`);
}
