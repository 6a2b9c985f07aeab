// One file downloaded so that a lost connection costs nothing already received: it starts from the bytes
// kept (HTTP Range, with If-Range so a changed file starts over), hands what arrived to `keep` every few
// megabytes and whenever it stops early (a pause, a cancel, a dropped connection), and says why it stopped.

/** The connection dropped, or the server could not be reached or answered 5xx: try again later. */
export class DownloadInterrupted extends Error {
  constructor(message = 'The connection was lost during the download') {
    super(message);
    this.name = 'DownloadInterrupted';
  }
}

/** The server refused the file (4xx: an expired link, no more access) or the device has no room. */
export class DownloadRefused extends Error {
  readonly status: number;
  constructor(status: number, message = `The video answered ${status}`) {
    super(message);
    this.name = 'DownloadRefused';
    this.status = status;
  }
}

export interface ResumeFrom {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly etag: string | null;
  readonly totalBytes: number | null;
}

export interface FetchedFile {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly contentType: string;
}

export interface Checkpoint {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly etag: string | null;
  readonly totalBytes: number | null;
}

/** What arrived is handed over at least this often, so a killed app loses at most this much. */
export const CHECKPOINT_BYTES = 4_000_000;

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The first byte and total size of a 206's Content-Range ("bytes 100-199/2500"). */
function contentRange(header: string | null): { start: number; total: number | null } | null {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(header ?? '');
  if (!match) return null;
  return { start: Number(match[1]), total: match[2] === '*' ? null : Number(match[2]) };
}

export async function fetchResumable(options: {
  fetch: typeof fetch;
  url: string;
  from: ResumeFrom | null;
  signal?: AbortSignal;
  onProgress?: (receivedBytes: number, totalBytes: number | null) => void;
  keep: (checkpoint: Checkpoint) => Promise<void>;
}): Promise<FetchedFile> {
  const { from, signal } = options;
  const resumeAt = from?.bytes.byteLength ?? 0;
  const headers: Record<string, string> = {};
  if (from && resumeAt > 0) {
    headers.range = `bytes=${resumeAt}-`;
    if (from.etag) headers['if-range'] = from.etag;
  }
  let response: Response;
  try {
    response = await options.fetch(options.url, { headers, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new DownloadInterrupted();
  }

  let chunks: Uint8Array[] = [];
  let received = 0;
  let total: number | null = from?.totalBytes ?? null;
  const etag = response.headers.get('etag') ?? from?.etag ?? null;
  const range = contentRange(response.headers.get('content-range'));
  if (response.status === 206 && from && range?.start === resumeAt) {
    chunks = [from.bytes];
    received = resumeAt;
    total = range.total ?? total;
  } else if (response.status === 416 && from && total !== null && resumeAt >= total) {
    // Everything had arrived already; only the last step was missing.
    return { body: from.bytes, contentType: 'video/mp4' };
  } else if (response.status === 200) {
    // The file changed, or the server ignored the range: it starts over.
    const length = Number(response.headers.get('content-length'));
    total = Number.isFinite(length) && length > 0 ? length : total;
  } else if (response.status >= 500 || response.status === 0) {
    throw new DownloadInterrupted(`The video answered ${response.status}`);
  } else {
    throw new DownloadRefused(response.status);
  }
  if (!response.body) throw new DownloadInterrupted('The video arrived without a body');

  let keptAt = received;
  const keep = () => {
    keptAt = received;
    return options.keep({ bytes: concat(chunks, received), etag, totalBytes: total });
  };
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      options.onProgress?.(received, total);
      // Paused or cancelled between two chunks: stop here, keeping what arrived.
      if (signal?.aborted) throw signal.reason;
      if (received - keptAt >= CHECKPOINT_BYTES) await keep();
    }
  } catch (error) {
    if (received > keptAt) await keep();
    if (signal?.aborted) throw error;
    throw new DownloadInterrupted();
  }
  if (total !== null && received < total) {
    await keep();
    throw new DownloadInterrupted('The video ended early');
  }
  return { body: concat(chunks, received), contentType: response.headers.get('content-type') ?? 'video/mp4' };
}
