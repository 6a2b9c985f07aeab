// What `npm run backup` and `npm run restore` share.

/**
 * The server's environment for a command that reads its configuration: the secrets it does not use (the JWT
 * secret, the access codes' key, the operator token) are given, so that reading the configuration creates
 * none of them in DATA_DIR (a restore brings them back from the backup, into a DATA_DIR that must be empty).
 */
export function commandConfigEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    JWT_SECRET: 'operator-command-reads-no-token-0123456789',
    CODES_SECRET: 'operator-command-hashes-no-access-code-0123456789',
    OPERATOR_TOKEN: 'operator-command-calls-no-operator-route-0123456789',
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}
