import type { AuthResponse, RegisterPayload } from '../../../contract/users';
import type { FormValues } from '../../../machines/form';
import type { AppApi } from '../../app/create-app-actors';

export type RegisterOutcome = { kind: 'signedIn'; answer: AuthResponse } | { kind: 'registered' };

const field = (values: FormValues, name: keyof RegisterPayload) => (values[name] ?? '').trim();

/**
 * Creates the account, then logs straight in with the same username and password. A failed registration
 * is an error (the form keeps what was typed); a failed login after it is not, since the account exists.
 */
export async function registerThenLogIn(api: AppApi, values: FormValues): Promise<RegisterOutcome> {
  const payload: RegisterPayload = {
    firstname: field(values, 'firstname'),
    lastname: field(values, 'lastname'),
    email: field(values, 'email'),
    username: field(values, 'username'),
    // A password is taken exactly as typed: spaces can be part of it.
    password: values.password ?? '',
    phonenumber: field(values, 'phonenumber'),
  };
  await api.register(payload);
  try {
    return {
      kind: 'signedIn',
      answer: await api.login({ username: payload.username, password: payload.password }),
    };
  } catch {
    return { kind: 'registered' };
  }
}
