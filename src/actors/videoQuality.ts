import type { videoQualityMachine } from '../../machines/videoQuality';
import type { VideoPreferences } from '../services/video-preferences';

/** The video quality machine's effects: the Data saver setting is kept on the device. */
export function videoQualityActors(preferences: {
  update(change: Partial<VideoPreferences>): void;
}): Parameters<typeof videoQualityMachine.provide>[0] {
  return { actions: { persistDataSaver: (_, { on }) => preferences.update({ dataSaver: on }) } };
}
