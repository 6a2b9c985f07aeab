import type { SandboxClock } from './clock';
import type { StatusBody } from './sandbox-state';
import type { SandboxStore } from './sandbox-store';

/** How the emulator is set up: where its state lives, its clock, and how long a payment stays PENDING. */
export interface MomoSandboxOptions {
  /** Where api users, tokens and payments are kept; default: in memory. */
  store?: SandboxStore;
  clock?: SandboxClock;
  /** How long an ordinary payer's request stays PENDING before SUCCESSFUL. */
  pendingMs?: number;
  /** How long the slow-approving test payer 46733123454 stays PENDING. */
  delayedSuccessMs?: number;
  /** Extra wait between a settlement and its callback POST, as the provider's delivery lags. */
  callbackDelayMs?: number;
  /** The only X-Target-Environment the sandbox serves. */
  targetEnvironment?: string;
  /** Currency of the account whose balance `account/balance` reports. */
  currency?: string;
  openingBalance?: number;
  /** Sends the settled status to an X-Callback-Url; replaced in tests. */
  deliverCallback?: (url: string, body: StatusBody) => Promise<void>;
}

export const SANDBOX_DEFAULTS = {
  // Long enough that a demo shows the "waiting for approval" step, short enough not to bore.
  pendingMs: 4_000,
  delayedSuccessMs: 12_000,
  targetEnvironment: 'sandbox',
  currency: 'XAF',
  openingBalance: 0,
  callbackDelayMs: 0,
} as const;
