import { describe, expect, it } from 'vitest';
import { isStreamFailure } from '../../../src/screens/VideoPlayer/stream-failure';

// The player asks a fresh signed URL (and after two, shows Retry) on a media error that is the stream's; an
// aborted load is the player's own doing (a new src replacing the old: another rendition, a fresh URL).
/** The codes of the HTML standard's MediaError (jsdom has no MediaError). */
const MEDIA_ERR = { aborted: 1, network: 2, decode: 3, srcNotSupported: 4 } as const;
const withError = (code: number | null) => {
  const video = document.createElement('video');
  Object.defineProperty(video, 'error', { value: code === null ? null : { code } });
  return video;
};

describe("a media error that is the stream's failure", () => {
  it('is any error but an aborted load', () => {
    expect(isStreamFailure(withError(MEDIA_ERR.aborted))).toBe(false);
    for (const code of [MEDIA_ERR.network, MEDIA_ERR.decode, MEDIA_ERR.srcNotSupported]) {
      expect(isStreamFailure(withError(code)), `code ${code}`).toBe(true);
    }
  });
});
