import type { Queryable } from '../../lib/db';

export interface ChannelRow {
  id: string;
  name: string;
  title_en: string;
  title_fr: string;
  description_en: string;
  description_fr: string;
  language: string;
  logo_url: string;
  local_stream: boolean;
  stream_url: string | null;
  audio_stream_url: string | null;
  video_kbps: number | null;
  audio_kbps: number | null;
  website_url: string | null;
}

export function listChannelRows(db: Queryable): Promise<ChannelRow[]> {
  return db.query<ChannelRow>('SELECT * FROM live_tv_channels ORDER BY sort_order, id');
}
