import { randomUUID } from 'node:crypto';
import type { MomoConfig } from '../../config';
import {
  type ApiCredentials,
  apiKeyBody,
  type FetchLike,
  MomoProviderError,
  type ProviderStatus,
  parseJson,
  providerError,
  type RequestToPayInput,
  type SandboxCredentialStore,
  statusBody,
  tokenBody,
} from './momo-api';

export interface MomoProviderOptions {
  config: MomoConfig;
  fetch?: FetchLike;
  now?: () => number;
  /** Default: the config's timeoutMs. */
  requestTimeoutMs?: number;
  credentialStore?: SandboxCredentialStore;
}

// Renew a little before the provider's expiry so a token never dies between check and use.
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

interface Credentials extends ApiCredentials {
  /** True when they were provisioned on the built-in emulator (and may be provisioned again). */
  provisioned: boolean;
}

/**
 * The mobile money provider's collection API as this server uses it. Everything provider-specific
 * (base URL, keys, target environment, currency) comes from MomoConfig, so pointing MOMO_BASE_URL at
 * the provider's real sandbox or production needs no code change.
 */
export class MomoProvider {
  readonly #config: MomoConfig;
  readonly #fetch: FetchLike;
  readonly #now: () => number;
  readonly #timeoutMs: number;
  readonly #credentialStore: SandboxCredentialStore | undefined;
  #credentials: Promise<Credentials> | undefined;
  #token: Promise<{ value: string; renewAt: number }> | undefined;

  constructor(options: MomoProviderOptions) {
    this.#config = options.config;
    this.#fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.#now = options.now ?? Date.now;
    this.#timeoutMs = options.requestTimeoutMs ?? options.config.timeoutMs;
    this.#credentialStore = options.credentialStore;
  }

  get currency(): string {
    return this.#config.currency;
  }

  async requestToPay(input: RequestToPayInput): Promise<void> {
    const headers: Record<string, string> = { 'X-Reference-Id': input.referenceId };
    if (input.callbackUrl) headers['X-Callback-Url'] = input.callbackUrl;
    const response = await this.#collection('POST', '/collection/v1_0/requesttopay', headers, {
      amount: String(input.amount),
      currency: this.#config.currency,
      externalId: input.externalId,
      payer: { partyIdType: 'MSISDN', partyId: input.msisdn },
      payerMessage: input.payerMessage,
      payeeNote: input.payeeNote,
    });
    if (response.status !== 202) throw providerError(response, 'requesttopay');
  }

  async getStatus(referenceId: string): Promise<ProviderStatus> {
    const response = await this.#collection(
      'GET',
      `/collection/v1_0/requesttopay/${encodeURIComponent(referenceId)}`,
      {},
    );
    if (response.status !== 200) throw providerError(response, 'status');
    const parsed = statusBody.safeParse(parseJson(response.text));
    if (!parsed.success) throw new MomoProviderError('unavailable', 'Unreadable status from the provider');
    const { status, reason, financialTransactionId, amount, currency } = parsed.data;
    return {
      status: status.toUpperCase(),
      ...(reason === undefined ? {} : { reason }),
      ...(financialTransactionId === undefined ? {} : { financialTransactionId }),
      ...(amount === undefined ? {} : { amount }),
      ...(currency === undefined ? {} : { currency }),
    };
  }

  /** Whether the provider answers with our credentials (the health check). */
  async isReachable(): Promise<boolean> {
    try {
      await this.#accessToken();
      return true;
    } catch {
      return false;
    }
  }

  async #collection(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; text: string }> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.#accessToken();
      const response = await this.#send(
        method,
        path,
        {
          ...headers,
          Authorization: `Bearer ${token}`,
          'X-Target-Environment': this.#config.targetEnvironment,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body,
      );
      // A token revoked or expired early on the provider's side: fetch a fresh one once.
      if (response.status === 401 && attempt === 0) {
        this.#token = undefined;
        continue;
      }
      return response;
    }
  }

  async #accessToken(): Promise<string> {
    const current = this.#token;
    if (current) {
      const token = await current.catch(() => undefined);
      if (token && token.renewAt > this.#now()) return token.value;
    }
    // Concurrent callers share one token request: renew only if nobody did while we waited.
    let pending = this.#token;
    if (!pending || pending === current) {
      const fresh = this.#fetchToken();
      fresh.catch(() => {
        if (this.#token === fresh) this.#token = undefined;
      });
      this.#token = fresh;
      pending = fresh;
    }
    return (await pending).value;
  }

  async #fetchToken(): Promise<{ value: string; renewAt: number }> {
    for (let attempt = 0; ; attempt++) {
      const credentials = await this.#apiCredentials();
      const basic = Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString('base64');
      const response = await this.#send('POST', '/collection/token/', { Authorization: `Basic ${basic}` });
      if (response.status === 401 && credentials.provisioned && attempt === 0) {
        // The sandbox no longer knows this api user (its account was reset): provision again.
        this.#credentials = this.#provisionAndShare(credentials.apiUser);
        this.#credentials.catch(() => {
          this.#credentials = undefined;
        });
        continue;
      }
      if (response.status !== 200) throw providerError(response, 'token', 'unavailable');
      const parsed = tokenBody.safeParse(parseJson(response.text));
      if (!parsed.success) throw new MomoProviderError('unavailable', 'Unreadable token from the provider');
      const lifetimeMs = parsed.data.expires_in * 1000;
      return {
        value: parsed.data.access_token,
        renewAt: this.#now() + Math.max(lifetimeMs - TOKEN_RENEWAL_MARGIN_MS, lifetimeMs / 2),
      };
    }
  }

  #apiCredentials(): Promise<Credentials> {
    const { apiUser, apiKey, usesBuiltInSandbox } = this.#config;
    if (apiUser && apiKey) return Promise.resolve({ apiUser, apiKey, provisioned: false });
    if (!usesBuiltInSandbox) {
      return Promise.reject(
        new MomoProviderError('unavailable', 'MOMO_API_USER and MOMO_API_KEY are required for this provider'),
      );
    }
    if (!this.#credentials) {
      const provisioning = this.#sharedOrProvisioned();
      this.#credentials = provisioning;
      provisioning.catch(() => {
        if (this.#credentials === provisioning) this.#credentials = undefined;
      });
    }
    return this.#credentials;
  }

  async #sharedOrProvisioned(): Promise<Credentials> {
    const shared = await this.#credentialStore?.load();
    if (shared) return { ...shared, provisioned: true };
    return this.#provisionAndShare();
  }

  async #provisionAndShare(replacing?: string): Promise<Credentials> {
    const fresh = await this.#provision();
    if (!this.#credentialStore) return fresh;
    return { ...(await this.#credentialStore.save(fresh, replacing)), provisioned: true };
  }

  /** The sandbox's own provisioning calls: a new api user bound to our subscription key, then its key. */
  async #provision(): Promise<Credentials> {
    const apiUser = randomUUID();
    const created = await this.#send(
      'POST',
      '/v1_0/apiuser',
      { 'X-Reference-Id': apiUser, 'Content-Type': 'application/json' },
      { providerCallbackHost: 'localhost' },
    );
    if (created.status !== 201) throw providerError(created, 'apiuser', 'unavailable');
    const keyResponse = await this.#send('POST', `/v1_0/apiuser/${apiUser}/apikey`, {});
    if (keyResponse.status !== 201) throw providerError(keyResponse, 'apikey', 'unavailable');
    const parsed = apiKeyBody.safeParse(parseJson(keyResponse.text));
    if (!parsed.success) throw new MomoProviderError('unavailable', 'Unreadable api key from the sandbox');
    return { apiUser, apiKey: parsed.data.apiKey, provisioned: true };
  }

  async #send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; text: string }> {
    try {
      const response = await this.#fetch(`${this.#config.baseUrl}${path}`, {
        method,
        headers: { ...headers, 'Ocp-Apim-Subscription-Key': this.#config.subscriptionKey },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      throw new MomoProviderError('unavailable', `Provider unreachable: ${(error as Error).message}`);
    }
  }
}
