import type { SaveVideoPositionPayload, VideoPosition } from '../../contract/videos';
import type { PlaybackPositions, PositionEntry } from './playback-positions';

/** The resume position on the student's account (server), as the API gives it. */
export interface AccountPositions {
  getVideoPosition(videoId: string): Promise<VideoPosition>;
  saveVideoPosition(payload: SaveVideoPositionPayload): Promise<VideoPosition>;
}

function accountEntry(answer: VideoPosition): PositionEntry | null {
  if (answer.position === null || answer.updatedAt === null) return null;
  const savedAt = Date.parse(answer.updatedAt);
  return Number.isFinite(savedAt) ? { seconds: answer.position, savedAt } : null;
}

/**
 * Resume positions kept on the device and on the student's account (issue 11), so a lesson started in the
 * phone's browser resumes in the PWA or the native shell: the newer of the two wins. The device answers
 * alone when the server cannot be reached, and a newer device position (saved offline) is sent up when it
 * can. Never throws: a lost position only costs a seek.
 */
export function createSyncedPositions(
  device: PlaybackPositions,
  account: AccountPositions,
  now: () => number = Date.now,
): PlaybackPositions {
  const send = (videoId: string, position: number, savedAt: number) =>
    void account
      .saveVideoPosition({ videoId, position, updatedAt: new Date(savedAt).toISOString() })
      .catch(() => undefined);

  const loadEntry = async (videoId: string): Promise<PositionEntry | null> => {
    const [local, remote] = await Promise.all([
      device.loadEntry(videoId),
      account.getVideoPosition(videoId).then(accountEntry, () => undefined),
    ]);
    // undefined: the account could not be asked (offline); null: it has nothing.
    if (remote === undefined) return local;
    if (local !== null && (remote === null || local.savedAt > remote.savedAt)) {
      send(videoId, local.seconds, local.savedAt);
      return local;
    }
    return remote;
  };

  return {
    loadEntry,
    load: async (videoId) => (await loadEntry(videoId))?.seconds ?? null,
    async save(videoId, seconds) {
      await device.save(videoId, seconds);
      send(videoId, seconds, now());
    },
    async forget(videoId) {
      await device.forget(videoId);
      // Finished: the account starts it over too (0 is "from the beginning" everywhere).
      send(videoId, 0, now());
    },
    loadLastPlayed: () => device.loadLastPlayed(),
    saveLastPlayed: (videoId) => device.saveLastPlayed(videoId),
  };
}
