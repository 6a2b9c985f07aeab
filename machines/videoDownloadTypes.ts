import type { NetworkHints, Quality } from './videoQuality';

// The videoDownload machine's data: its timing, its events, and what its effects take and give
// (machines/videoDownload.ts).

export const DOWNLOAD_DELAYS = {
  /** An interrupted download tries again this long after the connection dropped. */
  retryAfter: 5_000,
} as const;

export const DOWNLOAD_LIMITS = {
  /** Automatic tries in a row without a byte arriving (two minutes); then the network's return or the student. */
  autoRetries: 24,
} as const;

/** A rendition the student can download: what it costs in bytes. */
export interface DownloadRendition {
  readonly quality: Quality;
  readonly sizeBytes: number;
}

/** What the device holds of this video: a finished download, or the start of one. */
export type StoredDownload =
  | { readonly status: 'complete'; readonly quality: Quality; readonly sizeBytes: number }
  | {
      readonly status: 'partial';
      readonly quality: Quality;
      readonly receivedBytes: number;
      readonly totalBytes: number | null;
    };

export interface DownloadVideoInput {
  readonly quality: Quality;
  /** Bytes already stored: the download asks for the rest. */
  readonly fromByte: number;
}

export type VideoDownloadEvent =
  | { type: 'download.request' }
  | { type: 'download.choose'; quality: Quality }
  | { type: 'download.confirm' }
  | { type: 'download.cancel' }
  | { type: 'download.pause' }
  | { type: 'download.resume' }
  | { type: 'download.retry' }
  | { type: 'download.remove' }
  /** The student's "download on Wi-Fi only" setting. */
  | { type: 'download.setWifiOnly'; on: boolean }
  | { type: 'network.changed'; hints: NetworkHints }
  /** Sent by the download actor. */
  | { type: 'download.progress'; receivedBytes: number; totalBytes: number | null }
  | { type: 'download.finished'; sizeBytes: number }
  /** The connection was lost (or the server was unreachable); what arrived is kept. */
  | { type: 'download.interrupted' }
  /** The server refused the file, or the device has no room for it. */
  | { type: 'download.failed' };

export interface VideoDownloadInput {
  readonly renditions: readonly DownloadRendition[];
  readonly wifiOnly: boolean;
  readonly hints: NetworkHints;
}

export interface VideoDownloadContext {
  readonly renditions: readonly DownloadRendition[];
  readonly wifiOnly: boolean;
  readonly hints: NetworkHints;
  /** The rendition chosen, downloading, or stored. */
  readonly quality: Quality;
  readonly receivedBytes: number;
  readonly totalBytes: number | null;
  /** The stored file's size, once downloaded. */
  readonly sizeBytes: number | null;
  readonly autoRetries: number;
}
