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

/** A catalogue subject as the catalogue lists it (and the cart keeps it, with an `amount`). */
export interface CatalogueSubject {
  _id: string;
  subjectTitle: string;
  pictureurl: string;
  price: number;
}

/** The user object the server returns at login, as the app stores it. */
export interface SignedInUser {
  id: string;
  username: string;
  paidSubjects: unknown[];
  [field: string]: unknown;
}

export interface PaymentEntry {
  referenceId: string;
  status: string;
  /** The number the payment was asked from. */
  msisdn: string | null;
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

  /** The token and the user object a login gives the app, to start a device already signed in. */
  async signIn(account: StudentAccount): Promise<{ token: string; user: SignedInUser }> {
    const answer = await this.call<{ token: string; user: SignedInUser }>(
      'POST',
      'users/authenticate/student',
      { username: account.username, password: account.password },
    );
    return { token: answer.token, user: answer.user };
  }

  async subject(id: string): Promise<CatalogueSubject> {
    const all = await this.call<CatalogueSubject[]>('GET', 'subjects/subject/fetch-all');
    const subject = all.find((candidate) => candidate._id === id);
    if (!subject) throw new Error(`No subject ${id} in the catalogue`);
    return subject;
  }

  /**
   * A mobile money payment requested as the app requests it (docs/api.md "Payments"), for a journey that starts
   * with a payment already in progress on the device.
   */
  async requestToPay(
    session: { token: string; user: SignedInUser },
    order: { phone: string; lines: readonly { subjectId: string; amount: number }[]; amount: number },
  ): Promise<string> {
    const answer = await this.call<{ referenceId: string }>(
      'POST',
      'payments/momo/requesttopay',
      {
        amount: String(order.amount),
        currency: 'XAF',
        externalId: `ORDER_${session.user.id}_${Date.now()}`,
        payer: { partyIdType: 'MSISDN', partyId: order.phone },
        payerMessage: 'StudyCam subjects',
        payeeNote: 'QA path',
        items: order.lines,
      },
      session.token,
    );
    return answer.referenceId;
  }

  /**
   * Access to a subject paid for as the app pays (request to pay, polled until SUCCESSFUL, then recorded),
   * for a journey that starts from a paying student.
   */
  async payFor(
    session: { token: string; userId: string; username: string },
    subject: { id: string; title: string; price: number },
    payer: string,
  ): Promise<void> {
    const { referenceId } = await this.call<{ referenceId: string }>(
      'POST',
      'payments/momo/requesttopay',
      {
        amount: String(subject.price),
        currency: 'XAF',
        externalId: `ORDER_${session.userId}_${Date.now()}`,
        payer: { partyIdType: 'MSISDN', partyId: payer },
        payerMessage: 'e2e',
        payeeNote: subject.title,
        items: [{ subjectId: subject.id, amount: 1 }],
      },
      session.token,
    );
    for (let attempt = 0; ; attempt += 1) {
      const { status } = await this.call<{ status: string }>(
        'GET',
        `payments/momo/requesttopay/${referenceId}`,
        undefined,
        session.token,
      );
      if (status === 'SUCCESSFUL') break;
      if (status !== 'PENDING' || attempt >= 60) throw new Error(`payment ${referenceId}: ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await this.call(
      'PUT',
      'transactions/subjects/makepayments',
      {
        id: session.userId,
        username: session.username,
        role: 'STUDENT',
        paidSubjects: [subject.title],
        totalCost: subject.price,
        referenceId,
      },
      session.token,
    );
  }

  /** A signed-in read, e.g. the video list with its signed URLs. */
  async read<T>(path: string, token: string): Promise<T> {
    return this.call<T>('GET', path, undefined, token);
  }

  async transactions(account: StudentAccount): Promise<PaymentEntry[]> {
    const { token } = await this.login(account);
    return this.call<PaymentEntry[]>('GET', 'transactions', undefined, token);
  }
}
