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

/** The older of two copies' dates (ISO 8601 strings of the same form compare as dates). */
const older = (a: string | null, b: string): string => (a === null || b < a ? b : a);

/**
 * The same API, watched: every call's answer is checked for a device copy, and `savedAt()` is the date of
 * the oldest copy among them (null when every answer was fresh). One watcher per load, so that loads
 * running side by side never mix their answers.
 */
export function watchDeviceCopies<A extends object>(api: A): { api: A; savedAt: () => string | null } {
  let oldest: string | null = null;
  const note = (answer: unknown) => {
    const savedAt = deviceCopySavedAt(answer);
    if (savedAt !== null) oldest = older(oldest, savedAt);
    return answer;
  };
  const watched = new Proxy(api, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        return result instanceof Promise ? result.then(note) : result;
      };
    },
  });
  return { api: watched, savedAt: () => oldest };
}
