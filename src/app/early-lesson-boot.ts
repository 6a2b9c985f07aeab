/**
 * Issue 19: a paid lesson's first frame without waiting for the app's code. On a poor 3G link the code and the
 * dictionary (about 200 KB in 33 files) take until about 4.5 s to arrive; the lesson's own answer (access,
 * signed URLs, price), asked for by the head's script (src/app/lesson-start-boot.ts), is in by about 1 s. So
 * the page draws the lesson itself from that answer, into the page area the boot emptied: the poster, Play,
 * the title, and what the rendition the app would play costs in data (issue 11: said before a byte is spent).
 * A tap on Play starts a plain video element on that rendition's signed URL; the app's code waits until its
 * first frame shows (or until the student has not tapped for a while) so as not to share the link with it.
 * The app then takes the drawn lesson over: while its player loads, the drawn nodes stay in place
 * (src/app/early-lesson.ts), and its player adopts the playing element, at its second, instead of starting
 * its own (src/screens/VideoPlayer/AdoptedVideo.tsx).
 *
 * Drawn only where the page knows what the app will play: the rendition Auto picks from the student's Data
 * saver setting and what the browser says of the connection (earlyQuality, held to machines/videoQuality.ts's
 * autoQuality by a table test), with access, and that rendition in the answer. Anything else (a locked
 * lesson, a browser without the Network Information API, a failed answer) leaves the lesson to the app, and
 * its code goes at once.
 *
 * Boot parts (src/app/first-screen-boot.ts): inlined into the page as their own source text, so each is
 * self-contained (nothing from outside but its arguments, ES2020).
 */

/** The words the drawn lesson needs, in the page's language (the build takes them from its dictionary). */
export interface EarlyLessonTexts {
  lang: string;
  /** video.play */
  play: string;
  /** video.cost, with `{{quality}}`, `{{size}}` and `{{cost}}`. */
  cost: string;
  /** video.costUnknown, with `{{quality}}`. */
  costUnknown: string;
  /** Each rendition's name (video.quality.*). */
  qualities: Record<string, string>;
  /** player.videoLabel, with `{{title}}`. */
  videoLabel: string;
  /** FCFA per GB of mobile data, as the build was configured (src/app/data-price.ts). */
  pricePerGb: number;
}

export interface EarlyLessonKeys {
  /** The window property the drawn lesson is left under for the app (src/app/early-lesson.ts). */
  earlyLessonKey: string;
  /** The student's stored video settings (src/services/video-preferences.ts) and their envelope's version. */
  videoPreferencesKey: string;
  storageVersion: number;
}

/** What the browser says of the connection (the Network Information API's fields the app reads). */
export interface EarlyConnection {
  saveData?: boolean;
  type?: string;
  effectiveType?: string;
  /** Mb/s. */
  downlink?: number;
}

/**
 * The rendition the app's Auto will pick when the lesson opens (machines/videoQuality.ts's autoQuality, with
 * nothing downloaded known yet, as the app starts), or null where the page cannot know it: no Network
 * Information API, or no downlink estimate, where the app measures its own downloads instead.
 */
export function earlyQuality(connection: EarlyConnection | undefined, dataSaver: boolean): string | null {
  if (!connection) return null;
  if (dataSaver || connection.saveData === true || connection.type === 'cellular') return 'saver';
  const effective = connection.effectiveType;
  if (effective === 'slow-2g' || effective === '2g' || effective === '3g') return 'saver';
  const downlink = connection.downlink;
  if (typeof downlink !== 'number' || !(downlink > 0)) return null;
  if (downlink * 1000 < 1000) return 'saver';
  if (connection.type === 'wifi' || connection.type === 'ethernet') return '480p';
  return '360p';
}

/**
 * The cost line DataCost shows before Play (src/ui/DataCost.tsx, with src/rules/format-bytes.ts,
 * data-cost.ts and money.ts written out; tests/ui/app/early-lesson-boot.test.ts holds it to DataCost).
 */
export function earlyCostText(texts: EarlyLessonTexts, quality: string, sizeBytes: unknown): string {
  const name = texts.qualities[quality] || quality;
  if (typeof sizeBytes !== 'number' || !Number.isFinite(sizeBytes) || sizeBytes <= 0) {
    return texts.costUnknown.replace('{{quality}}', name);
  }
  const fr = texts.lang === 'fr';
  const units = fr ? ['o', 'ko', 'Mo', 'Go'] : ['B', 'kB', 'MB', 'GB'];
  let value = sizeBytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // Past 999 of a unit (999,999 B rounds to 1000 kB), the thousands grouped as Intl groups them.
  const [whole = '', decimals] = value.toFixed(unit <= 1 ? 0 : 1).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, fr ? '\u202F' : ',');
  const size = `${grouped}${decimals ? (fr ? ',' : '.') + decimals : ''}\u00A0${units[unit]}`;
  const francs = Math.ceil((sizeBytes / 1_000_000_000) * texts.pricePerGb);
  const cost = `${String(francs).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202F')}\u00A0FCFA`;
  return texts.cost.replace('{{quality}}', name).replace('{{size}}', size).replace('{{cost}}', cost);
}

/** What the page leaves for the app (src/app/early-lesson.ts reads it). */
export interface DrawnLesson {
  videoId: string;
  /** The drawn lesson: the player's page area's content. */
  node: Element;
  /** The signed URL the drawn Play plays. */
  url: string;
  /** The playing element once the student tapped Play, else null. */
  video: HTMLVideoElement | null;
}

/** A lesson's fields the drawing reads, as the answer gives them (not checked by the app's schema yet). */
interface AnswerVideo {
  _id?: unknown;
  title?: unknown;
  titles?: { en?: string; fr?: string };
  subjectTitle?: unknown;
  subsection?: unknown;
  thumbnailUrl?: unknown;
  thumbnailSrcset?: unknown;
  renditions?: unknown;
}
interface AnswerRendition {
  quality?: unknown;
  url?: unknown;
  sizeBytes?: unknown;
}

/**
 * The lesson and its rendition of `quality` from the answer's body when the student may play it (the rule
 * of src/actors/playback.ts's loadPlayerStart and the machine's hasNoAccess: access, or a free subject;
 * an end of access already past counts as none), else null.
 */
export function earlyRendition(
  body: { video?: AnswerVideo; price?: unknown; expired?: unknown; expiresAt?: unknown } | null,
  quality: string,
): { video: AnswerVideo; rendition: AnswerRendition & { url: string } } | null {
  const video = body?.video;
  if (!body || !video) return null;
  const ended = typeof body.expiresAt === 'string' && Date.parse(body.expiresAt) <= Date.now();
  const free = typeof body.price === 'number' && body.price <= 0;
  if ((body.expired || ended) && !free) return null;
  const renditions = (Array.isArray(video.renditions) ? video.renditions : []) as AnswerRendition[];
  const rendition = renditions.filter((r) => r && r.quality === quality && typeof r.url === 'string')[0];
  return rendition ? { video, rendition: rendition as AnswerRendition & { url: string } } : null;
}

/**
 * Draws the lesson into `main` as the player lays it out before Play: the frame with the poster and Play, the
 * title, the subject, the cost line. Answers the nodes the tap changes.
 */
export function drawLesson(main: Element, video: AnswerVideo, texts: EarlyLessonTexts, costLine: string) {
  const el = (tag: string, className: string, parent: Node, text?: string): HTMLElement => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    parent.appendChild(node);
    return node;
  };
  const title = (texts.lang === 'fr' ? video.titles?.fr : video.titles?.en) || String(video.title || '');
  // The poster: the lesson's thumbnail at the widest of its sizes, as the app's (PlayerMedia's posterOf).
  let poster = String(video.thumbnailUrl || '');
  let widest = 0;
  for (const entry of String(video.thumbnailSrcset || '').split(',')) {
    const [url, width] = entry.trim().split(/\s+/);
    const w = Number.parseInt(width || '', 10);
    if (url && w > widest) {
      widest = w;
      poster = url;
    }
  }
  main.className = 'page player-page';
  // Drawn, the page area is no longer the busy placeholder the boot left: its Play is for the student now.
  main.removeAttribute('aria-busy');
  const drawn = el('div', '', el('div', 'player-main', el('div', 'player-layout', main)));
  // Its children lay out as the player column's own, as the app's do.
  drawn.style.display = 'contents';
  const frame = el('div', 'player__frame', drawn);
  const start = el('div', 'player__start', frame);
  const image = el('img', 'player__poster', start);
  image.setAttribute('src', poster);
  image.setAttribute('alt', '');
  image.setAttribute('width', '320');
  image.setAttribute('height', '180');
  image.setAttribute('fetchpriority', 'high');
  const play = el('button', 'btn player__play', start);
  play.setAttribute('type', 'button');
  const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  icon.setAttribute('aria-hidden', 'true');
  icon.setAttribute('width', '20');
  icon.setAttribute('height', '20');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('fill', 'currentColor');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M8 5v14l11-7z');
  icon.appendChild(path);
  play.appendChild(icon);
  play.appendChild(document.createTextNode(texts.play));
  el('h1', 'player__title', drawn, title);
  el('p', 'player__subject', drawn, `${video.subjectTitle || ''} · ${video.subsection || ''}`);
  const cost = el('p', 'data-cost', drawn, costLine);
  cost.id = 'early-lesson-cost';
  play.setAttribute('aria-describedby', cost.id);
  return { drawn, frame, start, play, poster, title };
}

/** The boot parts the drawing calls, each inlined beside it. */
export interface EarlyLessonParts {
  earlyQuality: typeof earlyQuality;
  earlyCostText: typeof earlyCostText;
  earlyRendition: typeof earlyRendition;
  drawLesson: typeof drawLesson;
  /** Links stylesheets; settles once they apply (src/app/first-card-preload.ts). */
  linkStyles: (hrefs: string[]) => Promise<unknown>;
}

/**
 * Draws the lesson from its answer into `main` (see above). Answers null when nothing can be drawn (known at
 * once: the app's code goes now), else when the app's code may start: once the answer says nothing is drawn,
 * once the drawn video shows its first frame (or fails), or once the student has not tapped Play for
 * `waitForTapMs`, and in any case after `holdAtMostMs`.
 */
export function drawEarlyLesson(
  main: Element | null,
  answer: Promise<Response> | undefined,
  texts: EarlyLessonTexts | undefined,
  keys: EarlyLessonKeys,
  parts: EarlyLessonParts,
  /** The player's stylesheets (the head's script asked for them): the drawing waits until they apply. */
  styles: string[],
): Promise<void> | null {
  /** How long the code waits for a tap on the drawn Play: a student reading first gets the whole screen. */
  const waitForTapMs = 3000;
  /** How long the code waits at most, for a first frame that never comes (a stalled link). */
  const holdAtMostMs = 8000;
  let dataSaver = false;
  try {
    const stored = JSON.parse(window.localStorage.getItem(keys.videoPreferencesKey) || 'null');
    dataSaver = !!stored && stored.v === keys.storageVersion && stored.data?.dataSaver === true;
  } catch {
    dataSaver = false;
  }
  const connection = (navigator as Navigator & { connection?: EarlyConnection }).connection;
  const quality = parts.earlyQuality(connection, dataSaver);
  if (!main || !answer || !texts || !quality) return null;
  return new Promise<void>((release) => {
    setTimeout(release, holdAtMostMs);
    answer
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((body) => parts.linkStyles(styles).then(() => body))
      .then((body) => {
        const playable = parts.earlyRendition(body, quality);
        // Nothing to play, or the page area no longer the empty one the boot left.
        if (!playable || main.childNodes.length > 0) {
          release();
          return;
        }
        const costLine = parts.earlyCostText(texts, quality, playable.rendition.sizeBytes);
        const page = parts.drawLesson(main, playable.video, texts, costLine);
        const lesson: DrawnLesson = {
          videoId: String(playable.video._id),
          node: page.drawn,
          url: playable.rendition.url,
          video: null,
        };
        (window as unknown as Record<string, unknown>)[keys.earlyLessonKey] = lesson;
        const noTap = setTimeout(release, waitForTapMs);
        page.play.addEventListener('click', () => {
          clearTimeout(noTap);
          const media = document.createElement('video');
          media.className = 'player__video';
          media.controls = true;
          media.playsInline = true;
          media.preload = 'metadata';
          // CORS mode, as the app's element (PlayerMedia's CORS_MODE says why).
          media.crossOrigin = 'anonymous';
          media.poster = page.poster;
          media.setAttribute('aria-label', texts.videoLabel.replace('{{title}}', page.title));
          media.src = lesson.url;
          media.addEventListener('playing', () => release(), { once: true });
          media.addEventListener('error', () => release(), { once: true });
          page.frame.replaceChild(media, page.start);
          lesson.video = media;
          const playing = media.play();
          if (playing) playing.catch(() => release());
        });
      })
      // A failed answer, a page that cannot draw: the app draws the lesson itself.
      .catch(() => release());
  });
}
