import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormValues } from '../../machines/form';
import type { FormRules } from '../../machines/validation';
import {
  COMMENT_MAX_LENGTH,
  EMAIL_PATTERN,
  FORM_RULES,
  REGISTRATION_FIELDS,
} from '../../machines/validation';
import { emailSchema } from '../../server/modules/users/schemas';

const REGISTRATION: FormValues = {
  firstname: 'Amina',
  lastname: 'Njoya',
  email: 'amina.njoya@example.cm',
  username: 'amina',
  password: 'mango-2024',
  phonenumber: '237670000001',
};

const VALID_EMAILS = [
  'amina@example.cm',
  'amina.njoya@example.cm',
  'a+studies@mail.example.org',
  'ETIENNE@EXAMPLE.COM',
  '  amina@example.cm  ',
];
const INVALID_EMAILS = [
  'amina',
  'amina@',
  '@example.cm',
  'amina@example',
  'amina@example.c',
  'amina@@example.cm',
  'amina njoya@example.cm',
  'amina@exa mple.cm',
];

/** The same values without one field: absent, empty, or only spaces all count as not given. */
function without(values: FormValues, name: string, as: 'absent' | '' | '   '): FormValues {
  const { [name]: _removed, ...rest } = values;
  return as === 'absent' ? rest : { ...rest, [name]: as };
}

describe('FORM_RULES (docs/product.md §5)', () => {
  it('has the rule sets the screens name', () => {
    expect(Object.keys(FORM_RULES).sort()).toEqual(
      [
        'comment',
        'deleteAccount',
        'forgot',
        'login',
        'passwordChange',
        'phoneLogin',
        'profile',
        'register',
        'reset',
      ].sort(),
    );
    expect(REGISTRATION_FIELDS).toEqual([
      'firstname',
      'lastname',
      'email',
      'username',
      'password',
      'phonenumber',
    ]);
  });

  describe('register', () => {
    it('accepts the six fields filled in with a well-formed e-mail', () => {
      expect(FORM_RULES.register(REGISTRATION)).toEqual({});
    });

    it.each(
      REGISTRATION_FIELDS.flatMap((name) =>
        (['absent', '', '   '] as const).map((as) => [name, as] as const),
      ),
    )('refuses the form when %s is %j, naming only that field', (name, as) => {
      expect(FORM_RULES.register(without(REGISTRATION, name, as))).toEqual({ [name]: 'validation.required' });
    });

    it('names every missing field at once', () => {
      expect(FORM_RULES.register({})).toEqual(
        Object.fromEntries(REGISTRATION_FIELDS.map((name) => [name, 'validation.required'])),
      );
    });

    it.each(VALID_EMAILS)('accepts the e-mail %j', (email) => {
      expect(FORM_RULES.register({ ...REGISTRATION, email })).toEqual({});
    });

    it.each(INVALID_EMAILS)('refuses the e-mail %j', (email) => {
      expect(FORM_RULES.register({ ...REGISTRATION, email })).toEqual({ email: 'validation.email' });
    });

    it('is valid exactly when all six fields are given and the e-mail matches the pattern', () => {
      const field = fc.oneof(
        fc.constant(undefined),
        fc.constantFrom('', ' ', 'x', 'amina@example.cm', 'amina@example'),
        fc.string({ maxLength: 12 }),
      );
      const form = fc.record(
        Object.fromEntries(REGISTRATION_FIELDS.map((name) => [name, field])) as Record<
          (typeof REGISTRATION_FIELDS)[number],
          typeof field
        >,
      );
      fc.assert(
        fc.property(form, (drawn) => {
          const values = Object.fromEntries(
            Object.entries(drawn).filter((entry): entry is [string, string] => entry[1] !== undefined),
          );
          const errors = FORM_RULES.register(values);
          const given = REGISTRATION_FIELDS.every((name) => (values[name] ?? '').trim() !== '');
          const wellFormed = EMAIL_PATTERN.test((values.email ?? '').trim());
          expect(Object.keys(errors).length === 0).toBe(given && wellFormed);
          for (const name of Object.keys(errors)) expect(REGISTRATION_FIELDS).toContain(name);
        }),
      );
    });
  });

  it('login needs username and password, and nothing else', () => {
    expect(FORM_RULES.login({ username: 'amina', password: 'x' })).toEqual({});
    expect(FORM_RULES.login({ username: 'amina', password: '' })).toEqual({
      password: 'validation.required',
    });
    expect(FORM_RULES.login({ password: 'x' })).toEqual({ username: 'validation.required' });
    expect(FORM_RULES.login({ username: ' ', password: '' })).toEqual({
      username: 'validation.required',
      password: 'validation.required',
    });
  });

  it('the other forms need their own fields', () => {
    const cases: ReadonlyArray<readonly [FormRules, readonly string[]]> = [
      ['phoneLogin', ['phonenumber', 'password']],
      ['reset', ['password']],
      ['passwordChange', ['oldPassword', 'newPassword']],
      ['deleteAccount', ['password']],
      ['comment', ['text']],
    ];
    for (const [rules, names] of cases) {
      const filled = Object.fromEntries(names.map((name) => [name, 'something']));
      expect(FORM_RULES[rules](filled), rules).toEqual({});
      expect(FORM_RULES[rules]({}), rules).toEqual(
        Object.fromEntries(names.map((name) => [name, 'validation.required'])),
      );
      for (const name of names)
        expect(FORM_RULES[rules](without(filled, name, '')), `${rules} without ${name}`).toEqual({
          [name]: 'validation.required',
        });
    }
  });

  it('a comment is at most 1000 characters (docs/api.md), counted without surrounding spaces', () => {
    expect(FORM_RULES.comment({ text: 'a'.repeat(COMMENT_MAX_LENGTH) })).toEqual({});
    expect(FORM_RULES.comment({ text: ` ${'a'.repeat(COMMENT_MAX_LENGTH)} ` })).toEqual({});
    expect(FORM_RULES.comment({ text: 'a'.repeat(COMMENT_MAX_LENGTH + 1) })).toEqual({
      text: 'validation.tooLong',
    });
    expect(COMMENT_MAX_LENGTH).toBe(1000);
  });

  it('forgot needs a well-formed e-mail', () => {
    expect(FORM_RULES.forgot({ email: 'amina@example.cm' })).toEqual({});
    expect(FORM_RULES.forgot({ email: '' })).toEqual({ email: 'validation.required' });
    expect(FORM_RULES.forgot({ email: 'amina@example' })).toEqual({ email: 'validation.email' });
  });

  it('profile edits are optional, but a given e-mail must be well formed', () => {
    expect(FORM_RULES.profile({})).toEqual({});
    expect(FORM_RULES.profile({ email: '', firstname: '' })).toEqual({});
    expect(FORM_RULES.profile({ email: 'amina@example.cm' })).toEqual({});
    expect(FORM_RULES.profile({ email: 'amina@' })).toEqual({ email: 'validation.email' });
  });

  it('never refuses an e-mail that the server accepts', () => {
    const accepted = (email: string) => emailSchema.safeParse(email).success;
    for (const email of VALID_EMAILS) expect(accepted(email), email).toBe(true);
    // Shaped like the addresses students type, so that most of them pass the server; plus RFC oddities.
    const typed = fc.stringMatching(
      /^ ?[A-Za-z0-9_'+.-]{1,12}@([A-Za-z0-9][A-Za-z0-9-]{0,8}\.){1,3}[A-Za-z]{2,6} ?$/,
    );
    let checked = 0;
    fc.assert(
      fc.property(fc.oneof(typed, fc.emailAddress()), (email) => {
        if (!accepted(email)) return;
        checked++;
        expect(FORM_RULES.forgot({ email })).toEqual({});
      }),
      { numRuns: 500 },
    );
    expect(checked).toBeGreaterThan(100);
  });

  it('uses only message keys that both dictionaries translate', () => {
    const produced = new Set<string>();
    const samples: FormValues[] = [{}, REGISTRATION, { ...REGISTRATION, email: 'nope' }, { email: 'nope' }];
    for (const rules of Object.keys(FORM_RULES) as FormRules[])
      for (const values of samples)
        for (const key of Object.values(FORM_RULES[rules](values))) produced.add(key);
    expect([...produced].sort()).toEqual(['validation.email', 'validation.required']);
    for (const lang of ['en', 'fr']) {
      const dictionary = JSON.parse(
        readFileSync(join(process.cwd(), 'public', 'assets', 'i18n', `${lang}.json`), 'utf8'),
      ) as Record<string, Record<string, unknown>>;
      for (const key of produced) {
        const [group = '', name = ''] = key.split('.');
        expect(dictionary[group]?.[name], `${lang}: ${key}`).toEqual(expect.any(String));
      }
    }
  });
});
