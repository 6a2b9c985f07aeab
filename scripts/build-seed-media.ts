// npm run seed:media — regenerates the seed lessons' media with the import pipeline itself (issue 11): five
// short source clips are drawn with ffmpeg, each gets captions in English and French, and transcodeLesson
// (the same code `npm run content:import` runs) writes their renditions and thumbnails into
// server/seed/media, and their measured sizes, bitrates and durations into server/seed/seed-media.json.
// The output is committed, so `npm start` on a machine without ffmpeg still has every rendition.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { locateMediaTools, transcode } from '../server/content-import/ffmpeg';
import { transcodeLesson } from '../server/content-import/transcode-lesson';
import {
  CAPTION_LANGUAGES,
  captionFile,
  QUALITIES,
  renditionFile,
  thumbnailFiles,
} from '../server/lib/media-files';
import type { SeedMedia } from '../server/seed/seed-media';
import type { Clip } from '../server/seed/subjects';

const ROOT = resolve(import.meta.dirname, '..');
const MEDIA_DIR = join(ROOT, 'server', 'seed', 'media');
const MANIFEST = join(ROOT, 'server', 'seed', 'seed-media.json');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const SEED_CLIP_SECONDS = 12;

interface ClipSource {
  readonly background: string;
  readonly title: string;
  readonly tone: number;
  /** Three captions, 4 seconds each, in both languages. */
  readonly captions: Readonly<Record<'en' | 'fr', readonly [string, string, string]>>;
}

const CLIPS: Readonly<Record<Clip, ClipSource>> = {
  'lesson-maths': {
    background: 'testsrc2=size=854x480:rate=24',
    title: 'Mathematics - worked example',
    tone: 440,
    captions: {
      en: ['Today: a worked example, step by step.', 'Write down what is given.', 'Then check your answer.'],
      fr: [
        "Aujourd'hui : un exemple corrigé, pas à pas.",
        'Écrivez les données.',
        'Puis vérifiez votre réponse.',
      ],
    },
  },
  'lesson-science': {
    background: 'smptebars=size=854x480:rate=24',
    title: 'Sciences - experiment',
    tone: 523,
    captions: {
      en: [
        'An experiment you can do at school.',
        'Observe, then measure.',
        'Record your results in a table.',
      ],
      fr: [
        'Une expérience à faire au lycée.',
        'Observez, puis mesurez.',
        'Notez vos résultats dans un tableau.',
      ],
    },
  },
  'lesson-languages': {
    background: 'color=c=0x1d4e89:size=854x480:rate=24',
    title: 'Languages - reading and grammar',
    tone: 392,
    captions: {
      en: ['Read the text aloud.', 'Underline the verbs.', 'Now write three sentences of your own.'],
      fr: ['Lisez le texte à voix haute.', 'Soulignez les verbes.', 'Écrivez maintenant trois phrases.'],
    },
  },
  'lesson-humanities': {
    background: 'color=c=0x7a3b12:size=854x480:rate=24',
    title: 'History and Geography',
    tone: 330,
    captions: {
      en: ['Look at the map of Cameroon.', 'Find the ten regions.', 'Which region do you live in?'],
      fr: ['Regardez la carte du Cameroun.', 'Trouvez les dix régions.', 'Dans quelle région vivez-vous ?'],
    },
  },
  'lesson-skills': {
    background: 'color=c=0x1f6f43:size=854x480:rate=24',
    title: 'Study skills and careers',
    tone: 587,
    captions: {
      en: ['Plan your week of revision.', 'Short sessions work best.', 'Take a break every hour.'],
      fr: [
        'Planifiez votre semaine de révision.',
        'Les séances courtes marchent mieux.',
        'Faites une pause chaque heure.',
      ],
    },
  },
};

function vtt(lines: readonly string[]): string {
  const stamp = (seconds: number) => `00:00:${String(seconds).padStart(2, '0')}.000`;
  const cues = lines.map(
    (line, index) => `${index + 1}\n${stamp(index * 4)} --> ${stamp(index * 4 + 4)}\n${line}\n`,
  );
  return `WEBVTT\n\n${cues.join('\n')}`;
}

async function main(): Promise<void> {
  const tools = await locateMediaTools();
  const work = mkdtempSync(join(tmpdir(), 'seed-media-'));
  const manifest: SeedMedia = { clips: {} as SeedMedia['clips'] };
  try {
    for (const [clip, spec] of Object.entries(CLIPS) as [Clip, ClipSource][]) {
      const source = join(work, `${clip}.mp4`);
      const drawn = [
        'drawbox=x=0:y=360:w=iw:h=120:color=black@0.6:t=fill',
        `drawtext=fontfile=${FONT}:text='${spec.title}':fontcolor=white:fontsize=36:x=(w-text_w)/2:y=400`,
        `drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontcolor=yellow:fontsize=28:x=20:y=20`,
      ].join(',');
      process.stdout.write(`${clip}: source\n`);
      await transcode(
        tools,
        [
          '-f',
          'lavfi',
          '-i',
          `${spec.background}:duration=${SEED_CLIP_SECONDS}`,
          '-f',
          'lavfi',
          '-i',
          `sine=frequency=${spec.tone}:sample_rate=44100:duration=${SEED_CLIP_SECONDS}`,
          '-vf',
          drawn,
          '-c:v',
          'libx264',
          '-crf',
          '16',
          '-c:a',
          'aac',
          '-b:a',
          '128k',
          '-shortest',
          source,
        ],
        { durationSeconds: SEED_CLIP_SECONDS },
      );
      // A fresh transcode: the pipeline keeps finished files, which is right for an import, not here.
      for (const quality of QUALITIES)
        rmSync(join(MEDIA_DIR, 'videos', renditionFile(clip, quality)), { force: true });
      for (const file of thumbnailFiles(clip)) rmSync(join(MEDIA_DIR, 'thumbnails', file), { force: true });
      const done = new Set<string>();
      const lesson = await transcodeLesson({
        tools,
        source,
        stem: clip,
        mediaDir: MEDIA_DIR,
        onProgress: ({ step, percent }) => {
          if (percent < 100 || done.has(step)) return;
          done.add(step);
          process.stdout.write(`${clip}: ${step} done\n`);
        },
      });
      for (const lang of CAPTION_LANGUAGES) {
        writeFileSync(join(MEDIA_DIR, 'videos', captionFile(clip, lang)), vtt(spec.captions[lang]));
      }
      manifest.clips[clip] = {
        durationSeconds: lesson.durationSeconds,
        thumbnail: lesson.thumbnail,
        renditions: [...lesson.renditions],
        captions: CAPTION_LANGUAGES.map((lang) => ({ lang, file: captionFile(clip, lang) })),
      };
    }
    writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
    // The committed JSON follows the project's formatter, so `npm run lint` stays clean after a rebuild.
    execFileSync(join(ROOT, 'node_modules', '.bin', 'biome'), ['format', '--write', MANIFEST], {
      stdio: 'inherit',
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
