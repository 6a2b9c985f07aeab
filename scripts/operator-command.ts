// What `npm run backup` and `npm run restore` share.

/**
 * The server's environment for a command that reads its configuration: a JWT secret it does not use is
 * given, so that reading the configuration does not create DATA_DIR/jwt-secret (which a restore brings back
 * from the backup, and which must not exist in the DATA_DIR it restores into).
 */
export function commandConfigEnv(): NodeJS.ProcessEnv {
  return { ...process.env, JWT_SECRET: 'operator-command-reads-no-token-0123456789' };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}
