import { createHmac, randomBytes } from 'node:crypto';
import { CODE_RANDOM_SYMBOLS, codeFromValues } from '../../../contract/rules/access-code';

/**
 * How a code is kept: HMAC-SHA256 of its printed form, keyed with CODES_SECRET, which lives outside the
 * database. Unlike a password a code must be found by its value, so the hash is keyed rather than salted;
 * with 80 random bits a code cannot be guessed from its hash, and without the key not even tried.
 */
export function codeHash(secret: string, code: string): string {
  return createHmac('sha256', secret).update(code).digest('hex');
}

/** A new code: 16 symbols from the low five bits of 16 random bytes (80 bits), and its check symbol. */
export function newCode(): string {
  return codeFromValues([...randomBytes(CODE_RANDOM_SYMBOLS)]);
}
