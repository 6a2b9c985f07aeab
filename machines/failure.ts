// What a machine shows of a failed effect. The app's effects throw Errors whose message is already written
// for the student (translated); anything else is shown as it is, or, for failureMessage, not at all.

/** The text of a failure, always something. */
export function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** The text of a failure, or null when it carries none (the machine then shows its own message). */
export function failureMessage(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return null;
}
