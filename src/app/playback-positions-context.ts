import { createContext, useContext } from 'react';
import type { PlaybackPositions } from '../services/playback-positions';
import { createPlaybackPositions } from '../services/playback-positions';

/**
 * The resume positions' store, handed to the playback machine's actions and to the up-next screen's loader.
 * Tests provide an in-memory one; the app uses IndexedDB, created on first use so the landing chunk never
 * carries it.
 */
export const PlaybackPositionsContext = createContext<PlaybackPositions | null>(null);

let shared: PlaybackPositions | null = null;

export function usePlaybackPositions(): PlaybackPositions {
  const provided = useContext(PlaybackPositionsContext);
  if (provided) return provided;
  shared ??= createPlaybackPositions();
  return shared;
}
