const MEDIA_ERR_ABORTED = 1;

/**
 * A media error that is the stream's failure, for the player's own element and the one it took over from the
 * page (AdoptedVideo) alike: an aborted load (a new src replacing the old) is not.
 */
export const isStreamFailure = (element: HTMLMediaElement): boolean =>
  element.error?.code !== MEDIA_ERR_ABORTED;
