// npm run bench:renditions — measures every rendition of the seed lessons with ffprobe (total bitrate: video,
// audio and container) and prints what an hour of each costs a student: megabytes and FCFA at the data price
// per GB the app uses. The data-saver rendition must stay at or under 160 kb/s (issue 11); the script exits 1
// otherwise. Table in docs/video.md.
import { join } from 'node:path';
import { locateMediaTools, probe } from '../server/content-import/ffmpeg';
import { DATA_SAVER_MAX_KBPS } from '../server/content-import/ladder';
import { SEED_MEDIA_DIR } from '../server/seed/seed';
import { seedMedia } from '../server/seed/seed-media';
import { DATA_PRICE_FCFA_PER_GB } from '../src/rules/data-cost';

const tools = await locateMediaTools();
const rows: string[][] = [];
const perQuality = new Map<string, number[]>();
let overBudget = false;
for (const [clip, media] of Object.entries(seedMedia().clips)) {
  for (const rendition of media.renditions) {
    const measured = await probe(tools, join(SEED_MEDIA_DIR, 'videos', rendition.file));
    const kbps = measured.bitrate / 1000;
    const mbPerHour = (measured.bitrate * 3600) / 8 / 1e6;
    if (rendition.quality === 'saver' && kbps > DATA_SAVER_MAX_KBPS) overBudget = true;
    perQuality.set(rendition.quality, [...(perQuality.get(rendition.quality) ?? []), kbps]);
    rows.push([
      clip,
      rendition.quality,
      `${measured.video?.width ?? '?'}×${measured.video?.height ?? '?'}`,
      measured.durationSeconds.toFixed(1),
      String(measured.sizeBytes),
      kbps.toFixed(1),
      mbPerHour.toFixed(0),
      String(Math.ceil((mbPerHour / 1000) * DATA_PRICE_FCFA_PER_GB)),
    ]);
  }
}
const header = [
  'clip',
  'rendition',
  'frame',
  'seconds',
  'bytes',
  'kb/s (ffprobe)',
  'MB per hour',
  'FCFA per hour',
];
const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
console.log(line(header));
console.log(line(header.map(() => '---')));
for (const row of rows) console.log(line(row));
console.log('');
for (const [quality, values] of perQuality) {
  console.log(`${quality}: ${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} kb/s`);
}
console.log(
  `Data price: ${DATA_PRICE_FCFA_PER_GB} FCFA per GB. Data-saver ceiling: ${DATA_SAVER_MAX_KBPS} kb/s.`,
);
if (overBudget) {
  console.error(`A data-saver rendition is above ${DATA_SAVER_MAX_KBPS} kb/s.`);
  process.exitCode = 1;
}
