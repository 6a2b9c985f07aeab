import type { Subject } from '../../../contract/catalogue';
import type { Payment } from '../../../contract/payments';
import type { Video } from '../../../contract/videos';
import { amina } from './account-fixtures';

export const DAY = 24 * 60 * 60 * 1000;
export const NOW = Date.parse('2026-03-01T10:00:00Z');

// A JWT whose payload says it expires at `exp` (seconds); the app never checks the signature.
export function tokenExpiringAt(exp: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u1', exp })}.signature`;
}

/** A logged-in student; `now` is the app clock the test gives, so the token is live one hour from it. */
export function loggedInStorage(user: Record<string, unknown>, now = Date.now()): Record<string, string> {
  return {
    id_token: tokenExpiringAt(Math.floor(now / 1000) + 3600),
    user: JSON.stringify({
      v: 1,
      data: { ...amina, ...user },
    }),
  };
}

export function subject(overrides: Partial<Subject> & Pick<Subject, '_id' | 'subjectTitle'>): Subject {
  return {
    pictureurl: `https://cdn.test/${overrides._id}.webp`,
    price: 2500,
    section: 'anglophone',
    level: 'Form 5',
    description: { en: `All of ${overrides.subjectTitle}`, fr: `Tout ${overrides.subjectTitle}` },
    ...overrides,
  };
}

export const SUBJECTS: Subject[] = [
  subject({ _id: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5' }),
  subject({ _id: 'ang-physics-us', subjectTitle: 'Physics Upper Sixth', level: 'Upper Sixth', price: 3500 }),
  subject({ _id: 'ang-maths-f3', subjectTitle: 'Mathematics Form 3', level: 'Form 3', price: 2000 }),
  subject({
    _id: 'fr-maths-3e',
    subjectTitle: 'Mathématiques 3e',
    section: 'francophone',
    level: '3e',
    price: 12000,
  }),
  subject({
    _id: 'ext-skills',
    subjectTitle: 'Study Skills',
    section: 'extra-curricular',
    level: 'All levels',
    price: 0,
  }),
];

export function video(
  overrides: Partial<Video> & Pick<Video, '_id' | 'subjectId' | 'subjectTitle' | 'subsection'>,
): Video {
  return {
    title: `Lesson ${overrides._id}`,
    section: 'anglophone',
    level: 'Form 5',
    description: '',
    thumbnailUrl: `https://cdn.test/${overrides._id}.webp`,
    durationSeconds: 754,
    views: 12,
    likes: 0,
    dislikes: 0,
    comments: [],
    locked: false,
    renditions: [],
    captions: [],
    ...overrides,
  };
}

export function payment(overrides: Partial<Payment> & Pick<Payment, 'referenceId' | 'status'>): Payment {
  return {
    kind: 'subjects',
    externalId: `ORDER_u1_${overrides.referenceId}`,
    userId: 'u1',
    items: [{ subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', amount: 1 }],
    totalCost: 2500,
    currency: 'XAF',
    msisdn: '237670000001',
    reason: null,
    createdAt: '2026-02-20T08:30:00.000Z',
    settledAt: null,
    order: null,
    ...overrides,
  };
}

/** A promise the test settles when it wants, to see what shows while a call is under way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
