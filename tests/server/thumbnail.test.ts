import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateMediaTools, type MediaTools } from '../../server/content-import/ffmpeg';
import { transcodeLesson } from '../../server/content-import/transcode-lesson';
import { SEED_MEDIA_DIR } from '../../server/lib/media-roots';
import { makeLessonSources } from './helpers/lesson-sources';

// A lesson's thumbnail under its own name (<stem>.webp) is its 320-px size (<stem>-320w.webp): encoded once
// and written once, the one file under both names, in an import and in the seed's media.

const work = mkdtempSync(join(tmpdir(), 'thumbnail-'));
let tools: MediaTools;
beforeAll(async () => {
  tools = await locateMediaTools();
  makeLessonSources(tools, work, ['a.mp4']);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the 320-px lesson thumbnail', () => {
  it('is encoded once by the import, and linked under the thumbnail’s own name', async () => {
    const mediaDir = join(work, 'media');
    const lesson = await transcodeLesson({ tools, source: join(work, 'a.mp4'), stem: 'lesson-a', mediaDir });
    const base = statSync(join(mediaDir, 'thumbnails', lesson.thumbnail));
    const sized = statSync(join(mediaDir, 'thumbnails', 'lesson-a-320w.webp'));
    expect(base.ino).toBe(sized.ino);
    expect(base.nlink).toBe(2);
  }, 120_000);

  it('is one picture in the seed’s media too', () => {
    const folder = join(SEED_MEDIA_DIR, 'thumbnails');
    const bases = readdirSync(folder).filter((file) => !/-\d+w\.webp$/.test(file));
    expect(bases.length).toBeGreaterThan(0);
    for (const file of bases) {
      const sized = file.replace(/\.webp$/, '-320w.webp');
      expect(readFileSync(join(folder, file)).equals(readFileSync(join(folder, sized))), file).toBe(true);
    }
  });
});
