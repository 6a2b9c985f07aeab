import type { Queryable } from '../../lib/db';
import type { FailureReason } from './test-payers';

/**
 * Where the emulator keeps what it knows. Mounted in the server it is the database, so a restart (or
 * another server process on the same database) sees every api user, token and payment; a stand-alone
 * emulator (tests, tools) may keep it in memory.
 */

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

export interface ApiUser {
  id: string;
  subscriptionKey: string;
  providerCallbackHost: string;
  apiKey: string | null;
}

export interface AccessToken {
  accessToken: string;
  apiUserId: string;
  subscriptionKey: string;
  expiresAt: number;
}

export interface SandboxTransaction {
  referenceId: string;
  apiUserId: string;
  body: RequestToPayBody;
  createdAt: number;
  /** When FAILED or SUCCESSFUL becomes visible; null = stays PENDING forever. */
  settlesAt: number | null;
  failureReason: FailureReason | null;
  financialTransactionId: string;
  callbackUrl: string | null;
  callbackDelivered: boolean;
}

export interface SandboxStore {
  apiUser(id: string): Promise<ApiUser | undefined>;
  /** False when the id is taken (the provider's 409). */
  addApiUser(user: ApiUser): Promise<boolean>;
  setApiKey(id: string, apiKey: string): Promise<void>;
  addToken(token: AccessToken): Promise<void>;
  token(accessToken: string): Promise<AccessToken | undefined>;
  removeToken(accessToken: string): Promise<void>;
  /** False when the reference id is taken; atomic, so concurrent duplicates yield one payment. */
  addTransaction(transaction: SandboxTransaction): Promise<boolean>;
  transaction(referenceId: string): Promise<SandboxTransaction | undefined>;
  transactionsOf(apiUserId: string): Promise<SandboxTransaction[]>;
  /** Payments with a callback not yet delivered (rescheduled when the emulator starts). */
  undeliveredCallbacks(): Promise<SandboxTransaction[]>;
  /** True for the one caller that gets to deliver the callback (several processes may have scheduled it). */
  claimCallback(referenceId: string): Promise<boolean>;
}

export function memorySandboxStore(): SandboxStore & { clear(): void } {
  const users = new Map<string, ApiUser>();
  const tokens = new Map<string, AccessToken>();
  const transactions = new Map<string, SandboxTransaction>();
  const copy = <T extends object>(value: T | undefined): T | undefined => value && structuredClone(value);
  return {
    async apiUser(id) {
      return copy(users.get(id));
    },
    async addApiUser(user) {
      if (users.has(user.id)) return false;
      users.set(user.id, { ...user });
      return true;
    },
    async setApiKey(id, apiKey) {
      const user = users.get(id);
      if (user) user.apiKey = apiKey;
    },
    async addToken(token) {
      tokens.set(token.accessToken, { ...token });
    },
    async token(accessToken) {
      return copy(tokens.get(accessToken));
    },
    async removeToken(accessToken) {
      tokens.delete(accessToken);
    },
    async addTransaction(transaction) {
      if (transactions.has(transaction.referenceId)) return false;
      transactions.set(transaction.referenceId, structuredClone(transaction));
      return true;
    },
    async transaction(referenceId) {
      return copy(transactions.get(referenceId));
    },
    async transactionsOf(apiUserId) {
      return [...transactions.values()]
        .filter((transaction) => transaction.apiUserId === apiUserId)
        .map((transaction) => structuredClone(transaction));
    },
    async undeliveredCallbacks() {
      return [...transactions.values()]
        .filter((transaction) => transaction.callbackUrl !== null && !transaction.callbackDelivered)
        .map((transaction) => structuredClone(transaction));
    },
    async claimCallback(referenceId) {
      const transaction = transactions.get(referenceId);
      if (!transaction || transaction.callbackDelivered) return false;
      transaction.callbackDelivered = true;
      return true;
    },
    clear() {
      users.clear();
      tokens.clear();
      transactions.clear();
    },
  };
}

interface TransactionRow {
  reference_id: string;
  api_user_id: string;
  body: RequestToPayBody;
  created_at_ms: number;
  settles_at_ms: number | null;
  failure_reason: FailureReason | null;
  financial_transaction_id: string;
  callback_url: string | null;
  callback_delivered: boolean;
}

// bigint columns come back as strings from pg: read them as float8, exact for millisecond timestamps.
const TRANSACTION_COLUMNS = `reference_id, api_user_id, body, created_at_ms::float8 AS created_at_ms,
  settles_at_ms::float8 AS settles_at_ms, failure_reason, financial_transaction_id, callback_url,
  callback_delivered`;

function toTransaction(row: TransactionRow): SandboxTransaction {
  return {
    referenceId: row.reference_id,
    apiUserId: row.api_user_id,
    body: row.body,
    createdAt: row.created_at_ms,
    settlesAt: row.settles_at_ms,
    failureReason: row.failure_reason,
    financialTransactionId: row.financial_transaction_id,
    callbackUrl: row.callback_url,
    callbackDelivered: row.callback_delivered,
  };
}

type ApiUserQueries = Pick<SandboxStore, 'apiUser' | 'addApiUser' | 'setApiKey'>;
type TokenQueries = Pick<SandboxStore, 'addToken' | 'token' | 'removeToken'>;
type TransactionQueries = Omit<SandboxStore, keyof ApiUserQueries | keyof TokenQueries>;

/** The emulator's state in the server's database (tables of migration 003). */
export function databaseSandboxStore(db: Queryable): SandboxStore {
  return { ...apiUserQueries(db), ...tokenQueries(db), ...transactionQueries(db) };
}

function apiUserQueries(db: Queryable): ApiUserQueries {
  return {
    async apiUser(id) {
      const [row] = await db.query<{
        id: string;
        subscription_key: string;
        provider_callback_host: string;
        api_key: string | null;
      }>(
        'SELECT id, subscription_key, provider_callback_host, api_key FROM momo_sandbox_api_users WHERE id = $1',
        [id],
      );
      return (
        row && {
          id: row.id,
          subscriptionKey: row.subscription_key,
          providerCallbackHost: row.provider_callback_host,
          apiKey: row.api_key,
        }
      );
    },
    async addApiUser(user) {
      const rows = await db.query(
        `INSERT INTO momo_sandbox_api_users (id, subscription_key, provider_callback_host, api_key)
         VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [user.id, user.subscriptionKey, user.providerCallbackHost, user.apiKey],
      );
      return rows.length === 1;
    },
    async setApiKey(id, apiKey) {
      await db.query('UPDATE momo_sandbox_api_users SET api_key = $2 WHERE id = $1', [id, apiKey]);
    },
  };
}

function tokenQueries(db: Queryable): TokenQueries {
  return {
    async addToken(token) {
      await db.query(
        `INSERT INTO momo_sandbox_tokens (access_token, api_user_id, subscription_key, expires_at_ms)
         VALUES ($1, $2, $3, $4)`,
        [token.accessToken, token.apiUserId, token.subscriptionKey, token.expiresAt],
      );
    },
    async token(accessToken) {
      const [row] = await db.query<{
        access_token: string;
        api_user_id: string;
        subscription_key: string;
        expires_at_ms: number;
      }>(
        `SELECT access_token, api_user_id, subscription_key, expires_at_ms::float8 AS expires_at_ms
           FROM momo_sandbox_tokens WHERE access_token = $1`,
        [accessToken],
      );
      return (
        row && {
          accessToken: row.access_token,
          apiUserId: row.api_user_id,
          subscriptionKey: row.subscription_key,
          expiresAt: row.expires_at_ms,
        }
      );
    },
    async removeToken(accessToken) {
      await db.query('DELETE FROM momo_sandbox_tokens WHERE access_token = $1', [accessToken]);
    },
  };
}

function transactionQueries(db: Queryable): TransactionQueries {
  return {
    async addTransaction(transaction) {
      const rows = await db.query(
        `INSERT INTO momo_sandbox_transactions (reference_id, api_user_id, body, created_at_ms, settles_at_ms,
           failure_reason, financial_transaction_id, callback_url, callback_delivered)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (reference_id) DO NOTHING RETURNING reference_id`,
        [
          transaction.referenceId,
          transaction.apiUserId,
          JSON.stringify(transaction.body),
          transaction.createdAt,
          transaction.settlesAt,
          transaction.failureReason,
          transaction.financialTransactionId,
          transaction.callbackUrl,
          transaction.callbackDelivered,
        ],
      );
      return rows.length === 1;
    },
    async transaction(referenceId) {
      const [row] = await db.query<TransactionRow>(
        `SELECT ${TRANSACTION_COLUMNS} FROM momo_sandbox_transactions WHERE reference_id = $1`,
        [referenceId],
      );
      return row && toTransaction(row);
    },
    async transactionsOf(apiUserId) {
      const rows = await db.query<TransactionRow>(
        `SELECT ${TRANSACTION_COLUMNS} FROM momo_sandbox_transactions WHERE api_user_id = $1`,
        [apiUserId],
      );
      return rows.map(toTransaction);
    },
    async undeliveredCallbacks() {
      const rows = await db.query<TransactionRow>(
        `SELECT ${TRANSACTION_COLUMNS} FROM momo_sandbox_transactions
          WHERE callback_url IS NOT NULL AND NOT callback_delivered`,
      );
      return rows.map(toTransaction);
    },
    async claimCallback(referenceId) {
      const rows = await db.query(
        `UPDATE momo_sandbox_transactions SET callback_delivered = true
          WHERE reference_id = $1 AND NOT callback_delivered RETURNING reference_id`,
        [referenceId],
      );
      return rows.length === 1;
    },
  };
}
