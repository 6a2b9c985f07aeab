import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, checkCode, codeFromValues } from '../../contract/rules/access-code';

// The access code's format (issue 20), as the app, the server and the operator command share it.

const randomValues = fc.array(fc.integer({ min: 0, max: 31 }), { minLength: 16, maxLength: 16 });
const symbolsOf = (code: string) => code.replaceAll('-', '');

describe('access codes', () => {
  it('are 16 symbols of Crockford base32 and a check symbol, in groups of four', () => {
    fc.assert(
      fc.property(randomValues, (values) => {
        const code = codeFromValues(values);
        expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}-[0-9A-HJKMNP-TV-Z]$/);
        // Every random value is kept: 16 × 5 = 80 bits.
        expect([...symbolsOf(code).slice(0, 16)].map((s) => CODE_ALPHABET.indexOf(s))).toEqual(values);
        expect(checkCode(code)).toEqual({ ok: true, code });
      }),
    );
  });

  it('are read whatever the case, spaces and dashes, with I and L as 1 and O as 0', () => {
    fc.assert(
      fc.property(randomValues, (values) => {
        const code = codeFromValues(values);
        const loose = ` ${symbolsOf(code)
          .toLowerCase()
          .replaceAll('1', 'l')
          .replaceAll('0', 'O')
          .match(/.{1,3}/g)
          ?.join(' – ')} `;
        expect(checkCode(loose)).toEqual({ ok: true, code });
      }),
    );
  });

  it('catch every wrong symbol and every swap of neighbours but 0 and Z', () => {
    fc.assert(
      fc.property(randomValues, fc.nat(16), fc.integer({ min: 1, max: 31 }), (values, at, shift) => {
        const symbols = symbolsOf(codeFromValues(values));
        const wrong = CODE_ALPHABET[(CODE_ALPHABET.indexOf(symbols[at] as string) + shift) % 32] as string;
        expect(checkCode(`${symbols.slice(0, at)}${wrong}${symbols.slice(at + 1)}`)).toEqual({
          ok: false,
          problem: 'mistyped',
        });
        const i = Math.min(at, 15);
        const [a, b] = [symbols[i] as string, symbols[i + 1] as string];
        if (a === b || `${a}${b}` === '0Z' || `${a}${b}` === 'Z0') return;
        const swapped = `${symbols.slice(0, i)}${b}${a}${symbols.slice(i + 2)}`;
        expect(checkCode(swapped)).toEqual({ ok: false, problem: 'mistyped' });
      }),
    );
  });

  it('say what is wrong with what cannot be a code', () => {
    expect(checkCode('  - ')).toEqual({ ok: false, problem: 'empty' });
    expect(checkCode('160B-0N4A')).toEqual({ ok: false, problem: 'tooShort' });
    expect(checkCode('160B-0N4A-B55C-93SR-FF')).toEqual({ ok: false, problem: 'tooLong' });
    expect(checkCode('160B-0N4A-B55C-93SR-U')).toEqual({ ok: false, problem: 'invalidCharacter' });
    expect(checkCode('160B-0N4A-B55C-93SR-F')).toEqual({ ok: true, code: '160B-0N4A-B55C-93SR-F' });
  });
});
