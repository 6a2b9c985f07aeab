import { randomBytes, randomInt } from 'node:crypto';
import type { SandboxClock } from './clock';
import { type FailureReason, outcomeFor } from './test-payers';

/**
 * Everything the emulator knows lives in memory, like a fresh sandbox account: restarting the
 * server forgets api users, keys, tokens and payments, and callers provision again.
 */

export const TOKEN_LIFETIME_SECONDS = 3600;

export interface Party {
  partyIdType: 'MSISDN' | 'EMAIL' | 'PARTY_CODE';
  partyId: string;
}

export interface RequestToPayBody {
  amount: string;
  currency: string;
  externalId: string;
  payer: Party;
  payerMessage?: string | undefined;
  payeeNote?: string | undefined;
}

export type TransactionStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED';

export interface StatusBody extends RequestToPayBody {
  status: TransactionStatus;
  financialTransactionId?: string;
  reason?: FailureReason;
}

interface ApiUser {
  id: string;
  subscriptionKey: string;
  providerCallbackHost: string;
  apiKey: string | null;
}

interface AccessToken {
  apiUserId: string;
  subscriptionKey: string;
  expiresAt: number;
}

interface Transaction {
  referenceId: string;
  apiUserId: string;
  body: RequestToPayBody;
  /** When FAILED or SUCCESSFUL becomes visible; null = stays PENDING forever. */
  settlesAt: number | null;
  failureReason: FailureReason | null;
  financialTransactionId: string;
  callbackUrl: string | null;
}

export interface SandboxTimings {
  pendingMs: number;
  delayedSuccessMs: number;
}

export class SandboxState {
  readonly #users = new Map<string, ApiUser>();
  readonly #tokens = new Map<string, AccessToken>();
  readonly #transactions = new Map<string, Transaction>();

  constructor(
    private readonly clock: SandboxClock,
    private readonly timings: SandboxTimings,
  ) {}

  hasApiUser(id: string): boolean {
    return this.#users.has(id);
  }

  createApiUser(id: string, subscriptionKey: string, providerCallbackHost: string): void {
    this.#users.set(id, { id, subscriptionKey, providerCallbackHost, apiKey: null });
  }

  apiUser(id: string, subscriptionKey: string): { providerCallbackHost: string } | undefined {
    const user = this.#users.get(id);
    return user && user.subscriptionKey === subscriptionKey
      ? { providerCallbackHost: user.providerCallbackHost }
      : undefined;
  }

  apiUserById(id: string): { providerCallbackHost: string } | undefined {
    const user = this.#users.get(id);
    return user && { providerCallbackHost: user.providerCallbackHost };
  }

  /** A new key replaces the previous one, as the sandbox's key generation does. */
  createApiKey(id: string, subscriptionKey: string): string | undefined {
    const user = this.#users.get(id);
    if (!user || user.subscriptionKey !== subscriptionKey) return undefined;
    user.apiKey = randomBytes(16).toString('hex');
    return user.apiKey;
  }

  issueToken(
    apiUserId: string,
    apiKey: string,
    subscriptionKey: string,
  ): { accessToken: string; expiresIn: number } | undefined {
    const user = this.#users.get(apiUserId);
    if (!user || user.apiKey === null || user.apiKey !== apiKey || user.subscriptionKey !== subscriptionKey) {
      return undefined;
    }
    const accessToken = randomBytes(32).toString('base64url');
    this.#tokens.set(accessToken, {
      apiUserId,
      subscriptionKey,
      expiresAt: this.clock.now() + TOKEN_LIFETIME_SECONDS * 1000,
    });
    return { accessToken, expiresIn: TOKEN_LIFETIME_SECONDS };
  }

  /** The api user a bearer token stands for, or undefined when unknown, expired or used with another key. */
  authenticate(accessToken: string, subscriptionKey: string): string | undefined {
    const token = this.#tokens.get(accessToken);
    if (!token) return undefined;
    if (token.expiresAt <= this.clock.now()) {
      this.#tokens.delete(accessToken);
      return undefined;
    }
    return token.subscriptionKey === subscriptionKey ? token.apiUserId : undefined;
  }

  hasTransaction(referenceId: string): boolean {
    return this.#transactions.has(referenceId);
  }

  /**
   * Records a request to pay and returns how long until it settles (null: never), so the caller
   * can announce the settlement to the callback URL.
   */
  createTransaction(
    referenceId: string,
    apiUserId: string,
    body: RequestToPayBody,
    callbackUrl: string | null,
  ): number | null {
    const outcome = outcomeFor(body.payer.partyId);
    const delay =
      outcome.kind === 'fails'
        ? 0
        : outcome.kind === 'staysPending'
          ? null
          : outcome.after === 'delayed'
            ? this.timings.delayedSuccessMs
            : this.timings.pendingMs;
    this.#transactions.set(referenceId, {
      referenceId,
      apiUserId,
      body,
      settlesAt: delay === null ? null : this.clock.now() + delay,
      failureReason: outcome.kind === 'fails' ? outcome.reason : null,
      financialTransactionId: String(randomInt(100_000_000, 1_000_000_000)),
      callbackUrl,
    });
    return delay;
  }

  /** Payments are private to the api user that requested them, as on the provider. */
  status(referenceId: string, apiUserId: string): StatusBody | undefined {
    const transaction = this.#transactions.get(referenceId);
    if (!transaction || transaction.apiUserId !== apiUserId) return undefined;
    return this.#statusBody(transaction);
  }

  callbackFor(referenceId: string): { url: string; body: StatusBody } | undefined {
    const transaction = this.#transactions.get(referenceId);
    if (!transaction?.callbackUrl) return undefined;
    return { url: transaction.callbackUrl, body: this.#statusBody(transaction) };
  }

  /** Opening balance plus every successful collection in that currency. */
  balance(apiUserId: string, currency: string, openingBalance: number): string {
    let total = openingBalance;
    for (const transaction of this.#transactions.values()) {
      if (transaction.apiUserId !== apiUserId || transaction.body.currency !== currency) continue;
      if (this.#statusBody(transaction).status === 'SUCCESSFUL') total += Number(transaction.body.amount);
    }
    return String(Math.round(total * 100) / 100);
  }

  #statusBody(transaction: Transaction): StatusBody {
    const settled = transaction.settlesAt !== null && transaction.settlesAt <= this.clock.now();
    if (!settled) return { ...transaction.body, status: 'PENDING' };
    if (transaction.failureReason !== null) {
      return { ...transaction.body, status: 'FAILED', reason: transaction.failureReason };
    }
    return {
      ...transaction.body,
      status: 'SUCCESSFUL',
      financialTransactionId: transaction.financialTransactionId,
    };
  }
}
