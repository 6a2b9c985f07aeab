import { deviceCopySavedAt } from './device-copy';

// A screen's load, watched for the service worker's copies among its answers (issue 18). Apart from
// device-copy.ts, which the HTTP client (on the first screen) uses: only the resource machine's chunk needs this.

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
