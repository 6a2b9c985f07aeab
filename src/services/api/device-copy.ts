// Answers that are copies kept on the device, not fresh from the server (issue 18: an offline screen shows
// the last copy it saw, with its date). The service worker answers a list from its cache when the network
// failed and says so with a header (src/sw/device-copy.ts); the client marks the parsed answer, and a screen's
// loader asks whether what it built came from such copies, and from when.

/** Set by the service worker on a list it answered from its cache: when that copy was received (ISO 8601). */
export const DEVICE_COPY_HEADER = 'X-StudyCam-Saved-At';

const marks = new WeakMap<object, string>();

/** Notes that `answer` is a device copy saved at `savedAt`. Only objects and arrays can carry it. */
export function markDeviceCopy(answer: unknown, savedAt: string): void {
  if (typeof answer === 'object' && answer !== null) marks.set(answer, savedAt);
}

/** When `answer` is a device copy, the date it was saved; null for a fresh answer. */
export function deviceCopySavedAt(answer: unknown): string | null {
  return typeof answer === 'object' && answer !== null ? (marks.get(answer) ?? null) : null;
}

/** `derived` (a part or a reshaping of `answer`) is a device copy when `answer` is. */
export function carryDeviceCopy<T>(answer: unknown, derived: T): T {
  const savedAt = deviceCopySavedAt(answer);
  if (savedAt !== null) markDeviceCopy(derived, savedAt);
  return derived;
}
