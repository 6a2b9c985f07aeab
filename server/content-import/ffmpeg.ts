import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';

/** The two programs of Debian's ffmpeg package the import runs. */
export interface MediaTools {
  readonly ffmpeg: string;
  readonly ffprobe: string;
}

export const FFMPEG_INSTALL_HINT =
  'ffmpeg is needed to transcode lessons and was not found. Install it with `sudo apt-get install ffmpeg` ' +
  '(Debian or Ubuntu), or point FFMPEG_PATH and FFPROBE_PATH at the programs.';

/** ffmpeg (or ffprobe, or the H.264 encoder) is missing: nothing can be imported, so the run stops. */
export class MissingFfmpegError extends Error {
  constructor(detail: string) {
    super(`${detail}\n${FFMPEG_INSTALL_HINT}`);
    this.name = 'MissingFfmpegError';
  }
}

/** ffmpeg could not read or convert one file: that lesson fails, the others go on. */
export class MediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaError';
  }
}

interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(
  program: string,
  args: readonly string[],
  options: { signal?: AbortSignal; onStdout?: (chunk: string) => void } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      options.onStdout?.(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // ffmpeg can be chatty on a damaged file: the end says what went wrong.
      stderr = (stderr + chunk).slice(-8_000);
    });
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.once('error', (error) => {
      options.signal?.removeEventListener('abort', abort);
      reject(error);
    });
    child.once('close', (code) => {
      options.signal?.removeEventListener('abort', abort);
      resolve({ code, stdout, stderr });
    });
  });
}

const lastLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1) ?? 'no detail';

async function version(program: string, name: string): Promise<void> {
  try {
    const result = await run(program, ['-hide_banner', '-version']);
    if (result.code !== 0) throw new MissingFfmpegError(`${name} (${program}) does not run.`);
  } catch (error) {
    if (error instanceof MissingFfmpegError) throw error;
    throw new MissingFfmpegError(`${name} was not found (${program}).`);
  }
}

/** Finds ffmpeg and ffprobe (PATH, or FFMPEG_PATH / FFPROBE_PATH) and checks the encoders the ladder uses. */
export async function locateMediaTools(env: NodeJS.ProcessEnv = process.env): Promise<MediaTools> {
  const tools = { ffmpeg: env.FFMPEG_PATH || 'ffmpeg', ffprobe: env.FFPROBE_PATH || 'ffprobe' };
  await version(tools.ffmpeg, 'ffmpeg');
  await version(tools.ffprobe, 'ffprobe');
  const encoders = await run(tools.ffmpeg, ['-hide_banner', '-encoders']);
  for (const encoder of ['libx264', 'aac', 'libwebp']) {
    if (!new RegExp(`\\s${encoder}\\s`).test(encoders.stdout)) {
      throw new MissingFfmpegError(`This ffmpeg has no ${encoder} encoder.`);
    }
  }
  return tools;
}

export interface Probe {
  readonly durationSeconds: number;
  /** Total bits per second of the whole file, container included. */
  readonly bitrate: number;
  readonly sizeBytes: number;
  readonly video: { readonly width: number; readonly height: number } | null;
  readonly hasAudio: boolean;
}

interface FfprobeJson {
  format?: { duration?: string; bit_rate?: string; size?: string };
  streams?: Array<{ codec_type?: string; width?: number; height?: number }>;
}

/** What ffprobe says of a file; a file it cannot read is a MediaError naming the file. */
export async function probe(tools: MediaTools, file: string): Promise<Probe> {
  const result = await run(tools.ffprobe, [
    '-v',
    'error',
    '-show_entries',
    'format=duration,bit_rate,size:stream=codec_type,width,height',
    '-of',
    'json',
    file,
  ]);
  if (result.code !== 0) throw new MediaError(`ffmpeg cannot read it: ${lastLine(result.stderr)}`);
  const json = JSON.parse(result.stdout) as FfprobeJson;
  const durationSeconds = Number(json.format?.duration);
  const video = json.streams?.find((stream) => stream.codec_type === 'video');
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new MediaError('ffmpeg cannot read it: no duration (not a video file, or damaged)');
  }
  const sizeBytes = Number(json.format?.size) || statSync(file).size;
  const bitrate = Number(json.format?.bit_rate) || Math.round((sizeBytes * 8) / durationSeconds);
  return {
    durationSeconds,
    bitrate,
    sizeBytes,
    video: video?.width && video.height ? { width: video.width, height: video.height } : null,
    hasAudio: json.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
  };
}

/**
 * Runs one ffmpeg conversion, reporting the percentage of `durationSeconds` written so far (from
 * `-progress`). A failure is a MediaError with ffmpeg's last words; an abort kills ffmpeg.
 */
export async function transcode(
  tools: MediaTools,
  args: readonly string[],
  options: { durationSeconds: number; onPercent?: (percent: number) => void; signal?: AbortSignal },
): Promise<void> {
  let pending = '';
  const onStdout = (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      // out_time_us (and, despite its name, out_time_ms) are microseconds written so far.
      const match = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
      if (match && options.durationSeconds > 0) {
        const percent = (Number(match[1]) / 1e6 / options.durationSeconds) * 100;
        options.onPercent?.(Math.max(0, Math.min(100, Math.floor(percent))));
      }
    }
  };
  const result = await run(
    tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-progress', 'pipe:1', '-nostats', '-y', ...args],
    { onStdout, ...(options.signal ? { signal: options.signal } : {}) },
  );
  if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
  if (result.code !== 0) throw new MediaError(`ffmpeg could not convert it: ${lastLine(result.stderr)}`);
  options.onPercent?.(100);
}
