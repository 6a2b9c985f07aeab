/**
 * Where students reach the team. Set VITE_SUPPORT_EMAIL / VITE_SUPPORT_PHONE at build time to change them;
 * without a phone number, none is shown.
 */
const configured = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export const SUPPORT = {
  email: configured(import.meta.env.VITE_SUPPORT_EMAIL) ?? 'support@studycam.cm',
  phone: configured(import.meta.env.VITE_SUPPORT_PHONE),
} as const;
