// docs/product.md §5's rules for the forms that are sent to the server. Each rule set returns message keys by
// field (`validation.<rule>`), which the app translates; an empty object means the form may be sent.

/** A form's values by field name, as typed. */
export type FormValues = Readonly<Record<string, string>>;
/** Message keys by field name; empty when the form may be sent. */
export type FieldErrors = Readonly<Record<string, string>>;

/** A standard e-mail pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const COMMENT_MAX_LENGTH = 1000;

export const REGISTRATION_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'username',
  'password',
  'phonenumber',
] as const;

const present = (values: FormValues, name: string) => (values[name] ?? '').trim() !== '';

function requireFields(values: FormValues, names: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of names) if (!present(values, name)) errors[name] = 'validation.required';
  return errors;
}

export const FORM_RULES = {
  /** Registration is valid only if all six fields are present and the e-mail matches the pattern. */
  register: (values: FormValues): FieldErrors => {
    const errors = requireFields(values, REGISTRATION_FIELDS);
    if (!errors.email && !EMAIL_PATTERN.test((values.email ?? '').trim())) errors.email = 'validation.email';
    return errors;
  },
  /** Login needs username and password. */
  login: (values: FormValues): FieldErrors => requireFields(values, ['username', 'password']),
  phoneLogin: (values: FormValues): FieldErrors => requireFields(values, ['phonenumber', 'password']),
  forgot: (values: FormValues): FieldErrors => {
    const errors = requireFields(values, ['email']);
    if (!errors.email && !EMAIL_PATTERN.test((values.email ?? '').trim())) errors.email = 'validation.email';
    return errors;
  },
  reset: (values: FormValues): FieldErrors => requireFields(values, ['password']),
  passwordChange: (values: FormValues): FieldErrors => requireFields(values, ['oldPassword', 'newPassword']),
  deleteAccount: (values: FormValues): FieldErrors => requireFields(values, ['password']),
  /** docs/api.md: a comment is 1 to 1000 characters. */
  comment: (values: FormValues): FieldErrors => {
    const errors = requireFields(values, ['text']);
    if (!errors.text && (values.text ?? '').trim().length > COMMENT_MAX_LENGTH)
      errors.text = 'validation.tooLong';
    return errors;
  },
  /** Profile edits: whatever is filled in must be well formed; an e-mail, if given, must look like one. */
  profile: (values: FormValues): FieldErrors =>
    present(values, 'email') && !EMAIL_PATTERN.test((values.email ?? '').trim())
      ? { email: 'validation.email' }
      : {},
} as const satisfies Record<string, (values: FormValues) => FieldErrors>;

export type FormRules = keyof typeof FORM_RULES;
