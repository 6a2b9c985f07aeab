import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';

// Which rendition of a lesson plays (issue 11): the student's choice of Auto, Data saver, 360p or 480p. Auto
// follows what the device says about the connection (Save-Data, the Network Information API where it exists,
// the throughput of the page's own downloads where it does not) and the student's own "Data saver" setting, and prefers a rendition already downloaded, which costs nothing.
// A chosen rendition stays whatever the connection does. The player switches source, keeping the position.

export const QUALITIES = ['saver', '360p', '480p'] as const;
export type Quality = (typeof QUALITIES)[number];
export const QUALITY_CHOICES = ['auto', ...QUALITIES] as const;
export type QualityChoice = (typeof QUALITY_CHOICES)[number];

/** What the browser says of the connection; each part is unknown (null, false) where it says nothing. */
export interface NetworkHints {
  readonly online: boolean;
  /** The Save-Data preference (Chromium: the browser's or the phone's data saver). */
  readonly saveData: boolean;
  /** NetworkInformation.type: 'wifi', 'cellular', 'ethernet'…; null where the browser does not tell. */
  readonly type: string | null;
  /** NetworkInformation.effectiveType: 'slow-2g', '2g', '3g' or '4g'; null where unknown. */
  readonly effectiveType: string | null;
  /** NetworkInformation.downlink in kb/s (the browser's estimate of the link); null or absent where unknown. */
  readonly downlinkKbps?: number | null;
  /**
   * The throughput the page's own downloads had, in kb/s (issue 19): what the app knows of the link where the
   * browser says nothing (Safari, Firefox); null or absent before any download big enough to tell.
   */
  readonly measuredKbps?: number | null;
}

export const UNKNOWN_NETWORK: NetworkHints = {
  online: true,
  saveData: false,
  type: null,
  effectiveType: null,
};

const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);
/**
 * Under this a link is slow (issue 19): about three times the 360p rendition's ceiling (370 kb/s in all), so
 * 360p would take a third of the link and its first second would come three times later than Data saver's.
 */
export const SLOW_LINK_KBPS = 1_000;
const UNMETERED_TYPES = new Set(['wifi', 'ethernet']);

/** A connection the student pays for by the megabyte (or says so with Save-Data). */
export const isMetered = (hints: NetworkHints): boolean => hints.saveData || hints.type === 'cellular';

/** Wi-Fi (or a cable), as far as the browser says; null when it does not say. */
export const isOnWifi = (hints: NetworkHints): boolean | null =>
  hints.type === null ? null : UNMETERED_TYPES.has(hints.type);

/**
 * A slow connection, known at once (issue 19): 3G or worse as the browser rates it, or a link under
 * SLOW_LINK_KBPS by the browser's estimate or, where it gives none, by the page's own downloads.
 */
export function isSlowConnection(hints: NetworkHints): boolean {
  if (hints.effectiveType !== null && SLOW_TYPES.has(hints.effectiveType)) return true;
  const kbps = hints.downlinkKbps ?? hints.measuredKbps ?? null;
  return kbps !== null && kbps < SLOW_LINK_KBPS;
}

/**
 * Auto's pick, cheapest first: what is downloaded already; data saver when the student or the browser asks
 * to save data, on mobile data, or on a slow connection; 480p on Wi-Fi with a fast link; 360p otherwise.
 */
export function autoQuality(context: {
  readonly hints: NetworkHints;
  readonly dataSaver: boolean;
  readonly downloaded: Quality | null;
}): Quality {
  const { hints } = context;
  if (context.downloaded !== null) return context.downloaded;
  if (context.dataSaver || isMetered(hints)) return 'saver';
  if (isSlowConnection(hints)) return 'saver';
  if (isOnWifi(hints) === true) return '480p';
  return '360p';
}

export type VideoQualityEvent =
  | { type: 'quality.choose'; choice: QualityChoice }
  | { type: 'quality.setDataSaver'; on: boolean }
  | { type: 'quality.downloadedChanged'; quality: Quality | null }
  | { type: 'network.changed'; hints: NetworkHints };

export interface VideoQualityInput {
  readonly dataSaver: boolean;
  readonly hints: NetworkHints;
}

export interface VideoQualityContext {
  readonly choice: QualityChoice;
  readonly dataSaver: boolean;
  readonly hints: NetworkHints;
  readonly downloaded: Quality | null;
}

export const videoQualityMachine = setup({
  types: {
    context: {} as VideoQualityContext,
    events: {} as VideoQualityEvent,
    input: {} as VideoQualityInput,
  },
  actions: {
    /** Provided by the app: the "Data saver" setting is the student's, kept on the device. */
    persistDataSaver: (_, _params: { on: boolean }) => {},
  },
  guards: {
    choosesAuto: (_, params: { choice: QualityChoice }) => params.choice === 'auto',
  },
}).createMachine({
  id: 'videoQuality',
  // Every lesson opens on Auto: a rendition chosen on Wi-Fi yesterday must not cost mobile data today.
  context: ({ input }) => ({
    choice: 'auto',
    dataSaver: input.dataSaver,
    hints: input.hints,
    downloaded: null,
  }),
  initial: 'auto',
  on: {
    'quality.choose': [
      {
        guard: { type: 'choosesAuto', params: ({ event }) => ({ choice: event.choice }) },
        target: '.auto',
        actions: assign({ choice: 'auto' }),
      },
      { target: '.manual', actions: assign({ choice: ({ event }) => event.choice }) },
    ],
    'quality.setDataSaver': {
      actions: [
        assign({ dataSaver: ({ event }) => event.on }),
        { type: 'persistDataSaver', params: ({ event }) => ({ on: event.on }) },
      ],
    },
    // Kept in both states, so going back to Auto decides from what is true now.
    'quality.downloadedChanged': { actions: assign({ downloaded: ({ event }) => event.quality }) },
    'network.changed': { actions: assign({ hints: ({ event }) => event.hints }) },
  },
  states: {
    /** The rendition follows the hints, the setting and the downloads. */
    auto: {},
    /** The student's rendition, whatever the connection does. */
    manual: {},
  },
});

export type VideoQualitySnapshot = SnapshotFrom<typeof videoQualityMachine>;

/** The rendition to play now. */
export function selectQuality(snapshot: VideoQualitySnapshot): Quality {
  const { context } = snapshot;
  return snapshot.matches('manual') && context.choice !== 'auto' ? context.choice : autoQuality(context);
}
export const selectChoice = (snapshot: VideoQualitySnapshot): QualityChoice => snapshot.context.choice;
export const selectDataSaver = (snapshot: VideoQualitySnapshot): boolean => snapshot.context.dataSaver;
