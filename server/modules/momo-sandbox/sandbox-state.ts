import { randomBytes, randomInt } from 'node:crypto';
import type { SandboxClock } from './clock';
import type { RequestToPayBody, SandboxStore, SandboxTransaction } from './sandbox-store';
import { type FailureReason, outcomeFor } from './test-payers';

/**
 * What the emulated provider decides: who may call, which outcome a payer gets and when. What it knows
 * is kept in a SandboxStore (the database when mounted in the server), so a restart forgets nothing.
 */

export const TOKEN_LIFETIME_SECONDS = 3600;

export type { Party, RequestToPayBody } from './sandbox-store';

export type TransactionStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED';

export interface StatusBody extends RequestToPayBody {
  status: TransactionStatus;
  financialTransactionId?: string;
  reason?: FailureReason;
}

export interface SandboxTimings {
  pendingMs: number;
  delayedSuccessMs: number;
}

export class SandboxState {
  constructor(
    private readonly store: SandboxStore,
    private readonly clock: SandboxClock,
    private readonly timings: SandboxTimings,
  ) {}

  /** False when the id is already taken. */
  createApiUser(id: string, subscriptionKey: string, providerCallbackHost: string): Promise<boolean> {
    return this.store.addApiUser({ id, subscriptionKey, providerCallbackHost, apiKey: null });
  }

  async apiUser(id: string, subscriptionKey: string): Promise<{ providerCallbackHost: string } | undefined> {
    const user = await this.store.apiUser(id);
    return user && user.subscriptionKey === subscriptionKey
      ? { providerCallbackHost: user.providerCallbackHost }
      : undefined;
  }

  async apiUserById(id: string): Promise<{ providerCallbackHost: string } | undefined> {
    const user = await this.store.apiUser(id);
    return user && { providerCallbackHost: user.providerCallbackHost };
  }

  /** A new key replaces the previous one, as the sandbox's key generation does. */
  async createApiKey(id: string, subscriptionKey: string): Promise<string | undefined> {
    const user = await this.store.apiUser(id);
    if (!user || user.subscriptionKey !== subscriptionKey) return undefined;
    const apiKey = randomBytes(16).toString('hex');
    await this.store.setApiKey(id, apiKey);
    return apiKey;
  }

  async issueToken(
    apiUserId: string,
    apiKey: string,
    subscriptionKey: string,
  ): Promise<{ accessToken: string; expiresIn: number } | undefined> {
    const user = await this.store.apiUser(apiUserId);
    if (!user || user.apiKey === null || user.apiKey !== apiKey || user.subscriptionKey !== subscriptionKey) {
      return undefined;
    }
    const accessToken = randomBytes(32).toString('base64url');
    await this.store.addToken({
      accessToken,
      apiUserId,
      subscriptionKey,
      expiresAt: this.clock.now() + TOKEN_LIFETIME_SECONDS * 1000,
    });
    return { accessToken, expiresIn: TOKEN_LIFETIME_SECONDS };
  }

  /** The api user a bearer token stands for, or undefined when unknown, expired or used with another key. */
  async authenticate(accessToken: string, subscriptionKey: string): Promise<string | undefined> {
    const token = await this.store.token(accessToken);
    if (!token) return undefined;
    if (token.expiresAt <= this.clock.now()) {
      await this.store.removeToken(accessToken);
      return undefined;
    }
    return token.subscriptionKey === subscriptionKey ? token.apiUserId : undefined;
  }

  /**
   * Records a request to pay. Returns how long until it settles (null: never), so the caller can announce
   * the settlement to the callback URL, or 'duplicate' when the reference id is already taken.
   */
  async createTransaction(
    referenceId: string,
    apiUserId: string,
    body: RequestToPayBody,
    callbackUrl: string | null,
  ): Promise<number | null | 'duplicate'> {
    const outcome = outcomeFor(body.payer.partyId);
    const delay =
      outcome.kind === 'fails'
        ? 0
        : outcome.kind === 'staysPending'
          ? null
          : outcome.after === 'delayed'
            ? this.timings.delayedSuccessMs
            : this.timings.pendingMs;
    const now = this.clock.now();
    const added = await this.store.addTransaction({
      referenceId,
      apiUserId,
      body,
      createdAt: now,
      settlesAt: delay === null ? null : now + delay,
      failureReason: outcome.kind === 'fails' ? outcome.reason : null,
      financialTransactionId: String(randomInt(100_000_000, 1_000_000_000)),
      callbackUrl,
      callbackDelivered: false,
    });
    return added ? delay : 'duplicate';
  }

  /** Payments are private to the api user that requested them, as on the provider. */
  async status(referenceId: string, apiUserId: string): Promise<StatusBody | undefined> {
    const transaction = await this.store.transaction(referenceId);
    if (!transaction || transaction.apiUserId !== apiUserId) return undefined;
    return this.#statusBody(transaction);
  }

  /** The callback still to send for a payment, for the one caller that claims it. */
  async claimCallback(referenceId: string): Promise<{ url: string; body: StatusBody } | undefined> {
    const transaction = await this.store.transaction(referenceId);
    if (!transaction?.callbackUrl || !(await this.store.claimCallback(referenceId))) return undefined;
    return { url: transaction.callbackUrl, body: this.#statusBody(transaction) };
  }

  /** Callbacks not delivered yet and when each is due, e.g. after a restart. */
  async undeliveredCallbacks(): Promise<{ referenceId: string; dueIn: number }[]> {
    return (await this.store.undeliveredCallbacks())
      .filter((transaction) => transaction.settlesAt !== null)
      .map((transaction) => ({
        referenceId: transaction.referenceId,
        dueIn: Math.max(0, (transaction.settlesAt ?? 0) - this.clock.now()),
      }));
  }

  /** Opening balance plus every successful collection in that currency. */
  async balance(apiUserId: string, currency: string, openingBalance: number): Promise<string> {
    let total = openingBalance;
    for (const transaction of await this.store.transactionsOf(apiUserId)) {
      if (transaction.body.currency !== currency) continue;
      if (this.#statusBody(transaction).status === 'SUCCESSFUL') total += Number(transaction.body.amount);
    }
    return String(Math.round(total * 100) / 100);
  }

  #statusBody(transaction: SandboxTransaction): StatusBody {
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
