import { z } from 'zod';
import { bilingual } from './common';

// Live TV (issue 8): the channels, some played in the app over HLS, the others on their own site.

export const channelSchema = z.object({
  _id: z.string(),
  name: z.string(),
  title: bilingual,
  description: bilingual,
  language: z.string().describe("'en', 'fr' or 'bilingual'"),
  logoUrl: z.string(),
  streamUrl: z
    .string()
    .nullable()
    .describe(
      'HLS media playlist with picture and sound; null for a channel that only plays on its own site',
    ),
  audioStreamUrl: z.string().nullable().describe('HLS media playlist with sound only, to save data'),
  dataPerHourBytes: z.number().int().nullable().describe('What an hour of streamUrl costs'),
  audioDataPerHourBytes: z.number().int().nullable().describe('What an hour of audioStreamUrl costs'),
  websiteUrl: z.string().nullable(),
});
export type LiveTvChannel = z.infer<typeof channelSchema>;
