import type { Queryable } from '../../lib/db';
import type { ApiCredentials, SandboxCredentialStore } from './momo-api';

const BUILT_IN_SANDBOX = 'built-in';

export function sandboxCredentialStore(db: Queryable): SandboxCredentialStore {
  const load = async (): Promise<ApiCredentials | undefined> => {
    const [row] = await db.query<{ api_user: string; api_key: string }>(
      'SELECT api_user, api_key FROM momo_client_credentials WHERE provider = $1',
      [BUILT_IN_SANDBOX],
    );
    return row && { apiUser: row.api_user, apiKey: row.api_key };
  };
  return {
    load,
    async save(fresh, replacing) {
      const [stored] = await db.query<{ api_user: string; api_key: string }>(
        `INSERT INTO momo_client_credentials (provider, api_user, api_key) VALUES ($1, $2, $3)
         ON CONFLICT (provider) DO UPDATE SET api_user = EXCLUDED.api_user, api_key = EXCLUDED.api_key,
                                              created_at = now()
           WHERE momo_client_credentials.api_user = $4
         RETURNING api_user, api_key`,
        [BUILT_IN_SANDBOX, fresh.apiUser, fresh.apiKey, replacing ?? null],
      );
      if (stored) return { apiUser: stored.api_user, apiKey: stored.api_key };
      // Another process stored its own first: use those, so every process is the same api user.
      return (await load()) ?? fresh;
    },
  };
}
