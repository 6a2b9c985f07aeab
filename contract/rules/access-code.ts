// The format of an access code (issue 20), shared by the app (a mistyped code is caught before any request),
// the server (which checks it again before looking it up) and the operator command (which makes them).
// Pure: no randomness here; whoever makes a code passes its random symbols in.
//
// A code is 16 random symbols of Crockford's base32 (80 bits) and one check symbol, written in groups of
// four for reading: 7K3M-QX9P-2HDT-W4RB-Z. The alphabet has no I, L, O or U, so nothing looks like
// something else; what a student types is read generously: any case, spaces and dashes ignored, I and L
// read as 1, O as 0. The check symbol is Luhn mod 32, which catches every single wrong symbol and every
// swap of two neighbours but that of 0 and Z, without asking the server.

export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random symbols in a code: 16 × 5 = 80 bits. */
export const CODE_RANDOM_SYMBOLS = 16;
/** Every symbol of a code, the check symbol included. */
export const CODE_LENGTH = CODE_RANDOM_SYMBOLS + 1;
const GROUP = 4;

/** Why what was typed is not a code, or the code written as it is printed. */
export type CodeCheck =
  | { ok: true; code: string }
  | { ok: false; problem: 'empty' | 'invalidCharacter' | 'tooShort' | 'tooLong' | 'mistyped' };

/** Crockford's generous reading of one typed character: its value, or -1 when it is no symbol. */
function symbolValue(character: string): number {
  const upper = character.toUpperCase();
  const read = upper === 'I' || upper === 'L' ? '1' : upper === 'O' ? '0' : upper;
  return CODE_ALPHABET.indexOf(read);
}

/** Luhn mod N over symbol values, N = 32: the value that makes the whole code add up. */
function checkValue(values: readonly number[]): number {
  const n = CODE_ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let i = values.length - 1; i >= 0; i -= 1) {
    const product = factor * (values[i] as number);
    sum += Math.floor(product / n) + (product % n);
    factor = factor === 2 ? 1 : 2;
  }
  return (n - (sum % n)) % n;
}

/** The printed form: groups of four symbols joined by dashes, the check symbol as the last group. */
export function formatCode(symbols: string): string {
  const groups: string[] = [];
  for (let i = 0; i < symbols.length; i += GROUP) groups.push(symbols.slice(i, i + GROUP));
  return groups.join('-');
}

/** Reads what a student typed or pasted: the code as printed, or why it cannot be one. */
export function checkCode(typed: string): CodeCheck {
  const compact = typed.replace(/[\s\-‐-―]+/g, '');
  if (compact === '') return { ok: false, problem: 'empty' };
  const values: number[] = [];
  for (const character of compact) {
    const value = symbolValue(character);
    if (value < 0) return { ok: false, problem: 'invalidCharacter' };
    values.push(value);
  }
  if (values.length < CODE_LENGTH) return { ok: false, problem: 'tooShort' };
  if (values.length > CODE_LENGTH) return { ok: false, problem: 'tooLong' };
  const random = values.slice(0, CODE_RANDOM_SYMBOLS);
  if (checkValue(random) !== values[CODE_RANDOM_SYMBOLS]) return { ok: false, problem: 'mistyped' };
  return { ok: true, code: formatCode(values.map((value) => CODE_ALPHABET[value]).join('')) };
}

/**
 * A code from 16 random values (each 0–31, e.g. the low five bits of 16 bytes from a cryptographic
 * source), with its check symbol, as printed.
 */
export function codeFromValues(randomValues: readonly number[]): string {
  if (randomValues.length !== CODE_RANDOM_SYMBOLS) {
    throw new Error(`a code needs ${CODE_RANDOM_SYMBOLS} random values`);
  }
  const values = randomValues.map((value) => value & 31);
  const symbols = [...values, checkValue(values)].map((value) => CODE_ALPHABET[value]).join('');
  return formatCode(symbols);
}
