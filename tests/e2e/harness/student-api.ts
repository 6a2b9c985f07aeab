import { randomBytes } from 'node:crypto';

/** A student's registration fields: unique per call, valid per the server's rules. */
export interface StudentAccount {
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  password: string;
  phonenumber: string;
}

let counter = 0;

export function newStudent(prefix = 'amina'): StudentAccount {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  // 9 national digits after 237: unique per run and per worker, as the server requires.
  const national = `6${String(Date.now() % 1e6).padStart(6, '0')}${String(counter % 100).padStart(2, '0')}`;
  return {
    firstname: 'Amina',
    lastname: 'Ngono',
    email: `${prefix}.${tag}@example.cm`,
    username: `${prefix}_${tag}`.slice(0, 32),
    password: 'Mbalmayo-2025',
    phonenumber: `237${national}`,
  };
}

export interface PaymentEntry {
  referenceId: string;
  status: string;
  totalCost: number;
  items: { subjectId: string; amount: number }[];
}

/**
 * The server's public API, for a journey's set-up and its final checks (what the server recorded); the
 * journey itself always goes through the screens.
 */
export class StudentApi {
  constructor(readonly baseUrl: string) {}

  private async call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const response = await fetch(`${this.baseUrl}/${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }

  async register(account: StudentAccount): Promise<void> {
    await this.call('POST', 'users/register', account);
  }

  async login(account: StudentAccount): Promise<{ token: string; userId: string }> {
    const answer = await this.call<{ token: string; user: { id: string } }>(
      'POST',
      'users/authenticate/student',
      { username: account.username, password: account.password },
    );
    return { token: answer.token, userId: answer.user.id };
  }

  async transactions(account: StudentAccount): Promise<PaymentEntry[]> {
    const { token } = await this.login(account);
    return this.call<PaymentEntry[]>('GET', 'transactions', undefined, token);
  }
}
