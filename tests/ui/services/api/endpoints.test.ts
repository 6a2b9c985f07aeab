import { describe, expect, it } from 'vitest';
import { VIDEO_SECTION_PATHS } from '../../../../src/services/api/call-shapes';
import { createApiClient } from '../../../../src/services/api/client';
import { createEndpoints, type EndpointName, type Endpoints } from '../../../../src/services/api/endpoints';
import type {
  MakePaymentRequest,
  RegisterPayload,
  RequestToPayPayload,
} from '../../../../src/services/api/types';
import { makeExternalId } from '../../../../src/services/payments/payment-requests';
import { createFakeFetch, type FakeReply } from './fakeFetch';

const registerPayload: RegisterPayload = {
  firstname: 'Ama',
  lastname: 'Njoya',
  email: 'ama.njoya@example.cm',
  username: 'ama',
  password: 'correct horse battery',
  phonenumber: '237670000000',
};

const makePaymentRequest: MakePaymentRequest = {
  id: 'u1',
  username: 'ama',
  role: 'STUDENT',
  paidSubjects: ['Mathematics Form 5'],
  totalCost: 2_500,
  referenceId: '3f1c2a9e-0d4b-4c7a-9b1e-2f6d8a7c5e41',
};

const requestToPayPayload: RequestToPayPayload = {
  amount: '2500',
  currency: 'XAF',
  externalId: 'ORDER_u1_1700000000000',
  payer: { partyIdType: 'MSISDN', partyId: '237670000000' },
  payerMessage: 'Subjects',
  payeeNote: 'Subjects',
  items: [{ subjectId: 's1', amount: 1 }],
};

const picture = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

interface Variant {
  call: (endpoints: Endpoints) => Promise<unknown>;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** The JSON sent; absent for calls without a body. */
  body?: unknown;
  /** For bodies that are not JSON. */
  checkBody?: (body: unknown) => void;
}

interface Case {
  variants: Variant[];
  retryable: boolean;
  cacheable: boolean;
  video: boolean;
}

const one = (variant: Variant, flags: Omit<Case, 'variants'>): Case => ({ variants: [variant], ...flags });
const write = { retryable: false, cacheable: false, video: false };
const read = { retryable: true, cacheable: false, video: false };
const list = { retryable: true, cacheable: true, video: false };

/** Every call of API.md. `satisfies` makes a missing endpoint a type error; the first test makes it a failure. */
const CASES = {
  register: one(
    {
      call: (e) => e.register(registerPayload),
      method: 'POST',
      path: 'users/register',
      body: registerPayload,
    },
    write,
  ),
  login: one(
    {
      call: (e) => e.login({ username: 'ama', password: 'pw' }),
      method: 'POST',
      path: 'users/authenticate/student',
      body: { username: 'ama', password: 'pw' },
    },
    write,
  ),
  loginWithPhone: one(
    {
      call: (e) => e.loginWithPhone({ phonenumber: '237670000000', password: 'pw' }),
      method: 'POST',
      path: 'users/authenticate/student/withphonenumber',
      body: { phonenumber: '237670000000', password: 'pw' },
    },
    write,
  ),
  getProfile: one({ call: (e) => e.getProfile(), method: 'GET', path: 'users/profile' }, list),
  fetchStudentDetail: one(
    {
      call: (e) => e.fetchStudentDetail({ id: 'u1' }),
      method: 'POST',
      path: 'users/fetchStudentDetail',
      body: { id: 'u1' },
    },
    read,
  ),
  modifyProfile: one(
    {
      call: (e) => e.modifyProfile({ id: 'u1', firstname: 'Amandine' }),
      method: 'PUT',
      path: 'users/profile/modify',
      body: { id: 'u1', firstname: 'Amandine' },
    },
    write,
  ),
  updateProfilePicture: one(
    {
      call: (e) => e.updateProfilePicture(picture, 'me.jpg'),
      method: 'PUT',
      path: 'users/profilepicture/update',
      checkBody: (body) => {
        expect(body).toBeInstanceOf(FormData);
        const file = (body as FormData).get('picture');
        expect(file).toBeInstanceOf(Blob);
        expect((file as File).name).toBe('me.jpg');
        expect([...(body as FormData).keys()]).toEqual(['picture']);
      },
    },
    write,
  ),
  changePassword: one(
    {
      call: (e) => e.changePassword({ id: 'u1', oldPassword: 'a', newPassword: 'b' }),
      method: 'PUT',
      path: 'users/profile/passwordreset',
      body: { id: 'u1', oldPassword: 'a', newPassword: 'b' },
    },
    write,
  ),
  forgotPassword: one(
    {
      call: (e) => e.forgotPassword({ email: 'a@b.cm' }),
      method: 'POST',
      path: 'forgot',
      body: { email: 'a@b.cm' },
    },
    write,
  ),
  resetPassword: one(
    {
      call: (e) => e.resetPassword({ token: 't0k', password: 'new pw' }),
      method: 'PUT',
      path: 'reset',
      body: { token: 't0k', password: 'new pw' },
    },
    write,
  ),
  registerPushToken: one(
    {
      call: (e) => e.registerPushToken({ token: 'fcm-1', platform: 'android' }),
      method: 'POST',
      path: 'users/notifications',
      body: { token: 'fcm-1', platform: 'android' },
    },
    write,
  ),
  checkSubjectExpiration: one(
    {
      call: (e) => e.checkSubjectExpiration({ userId: 'u1', subjectId: 's1' }),
      method: 'POST',
      path: 'users/check-subject-expiration',
      body: { userId: 'u1', subjectId: 's1' },
    },
    read,
  ),
  logout: one({ call: (e) => e.logout(), method: 'POST', path: 'users/student/logout', body: {} }, write),
  logoutAllDevices: one(
    { call: (e) => e.logoutAllDevices(), method: 'POST', path: 'users/student/alldevicelogout', body: {} },
    write,
  ),
  deleteAccount: one(
    {
      call: (e) => e.deleteAccount({ password: 'pw' }),
      method: 'POST',
      path: 'users/student/delete_account',
      body: { password: 'pw' },
    },
    write,
  ),
  fetchHappenings: one(
    { call: (e) => e.fetchHappenings(), method: 'GET', path: 'happenings/fetch-all' },
    list,
  ),
  fetchVideos: {
    variants: [
      { call: (e) => e.fetchVideos(), method: 'GET', path: 'videos/fetchvideos' },
      { call: (e) => e.fetchVideos('anglophone'), method: 'GET', path: 'videos/fetchvideos/anglophone' },
      { call: (e) => e.fetchVideos('francophone'), method: 'GET', path: 'videos/fetchvideos/francophone' },
      { call: (e) => e.fetchVideos('diploma-exams'), method: 'GET', path: 'videos/fetchvideos/diplomaexams' },
      {
        call: (e) => e.fetchVideos('competitive-exams'),
        method: 'GET',
        path: 'videos/fetchvideos/competitiveexams',
      },
    ],
    retryable: true,
    cacheable: true,
    video: true,
  },
  fetchVideoPage: {
    variants: [
      { call: (e) => e.fetchVideoPage(), method: 'GET', path: 'videos/page' },
      // Only the fields given, in one order whatever the caller's: one cache entry per page.
      {
        call: (e) =>
          e.fetchVideoPage({ subjectTitle: 'Maths & co', section: 'anglophone', cursor: 'c.1', level: '' }),
        method: 'GET',
        path: 'videos/page?cursor=c.1&section=anglophone&subjectTitle=Maths+%26+co',
      },
      {
        call: (e) => e.fetchVideoPage({ subsection: 'Vectors', limit: 5 }),
        method: 'GET',
        path: 'videos/page?limit=5&subsection=Vectors',
      },
    ],
    retryable: true,
    cacheable: true,
    video: true,
  },
  filteredVideos: one(
    {
      call: (e) => e.filteredVideos({ subjectTitle: 'Mathematics Form 5', subsection: 'Vectors' }),
      method: 'POST',
      path: 'videos/filtered-videos',
      body: { subjectTitle: 'Mathematics Form 5', subsection: 'Vectors' },
    },
    { ...read, video: true },
  ),
  upNextVideos: one(
    {
      call: (e) => e.upNextVideos({ videoId: 'v1' }),
      method: 'POST',
      path: 'videos/upnext-videos',
      body: { videoId: 'v1' },
    },
    { ...read, video: true },
  ),
  commentVideo: one(
    {
      call: (e) => e.commentVideo({ videoId: 'v1', text: 'Merci !' }),
      method: 'POST',
      path: 'videos/video/comment',
      body: { videoId: 'v1', text: 'Merci !' },
    },
    { ...write, video: true },
  ),
  likeVideo: one(
    {
      call: (e) => e.likeVideo({ videoId: 'v1' }),
      method: 'PUT',
      path: 'videos/video/like',
      body: { videoId: 'v1' },
    },
    { ...write, video: true },
  ),
  dislikeVideo: one(
    {
      call: (e) => e.dislikeVideo({ videoId: 'v1' }),
      method: 'PUT',
      path: 'videos/video/dislike',
      body: { videoId: 'v1' },
    },
    { ...write, video: true },
  ),
  viewVideo: one(
    {
      call: (e) => e.viewVideo({ videoId: 'v1' }),
      method: 'PUT',
      path: 'videos/video/view',
      body: { videoId: 'v1' },
    },
    { ...write, video: true },
  ),
  // The resume position on the account: neither cached (it changes on every save) nor retried (a later save wins).
  getVideoPosition: one(
    { call: (e) => e.getVideoPosition('v 1'), method: 'GET', path: 'videos/video/position?videoId=v%201' },
    { ...write, video: true },
  ),
  saveVideoPosition: one(
    {
      call: (e) =>
        e.saveVideoPosition({ videoId: 'v1', position: 42, updatedAt: '2026-03-01T10:00:00.000Z' }),
      method: 'PUT',
      path: 'videos/video/position',
      body: { videoId: 'v1', position: 42, updatedAt: '2026-03-01T10:00:00.000Z' },
    },
    { ...write, video: true },
  ),
  likeComment: one(
    {
      call: (e) => e.likeComment({ videoId: 'v1', commentId: 'c1' }),
      method: 'PUT',
      path: 'videos/video/comment/like',
      body: { videoId: 'v1', commentId: 'c1' },
    },
    { ...write, video: true },
  ),
  fetchSubjects: one(
    { call: (e) => e.fetchSubjects(), method: 'GET', path: 'subjects/subject/fetch-all' },
    list,
  ),
  fetchSubjectsBySection: {
    variants: [
      {
        call: (e) => e.fetchSubjectsBySection('anglophone', { level: 'Form 5' }),
        method: 'POST',
        path: 'subjects/subject/fetch/anglophone',
        body: { level: 'Form 5' },
      },
      {
        call: (e) => e.fetchSubjectsBySection('francophone'),
        method: 'POST',
        path: 'subjects/subject/fetch/francophone',
        body: {},
      },
      {
        call: (e) => e.fetchSubjectsBySection('diploma-exams', {}),
        method: 'POST',
        path: 'subjects/subject/fetch/diploma-exams',
        body: {},
      },
      {
        call: (e) => e.fetchSubjectsBySection('competitive-exams', { level: 'ENS' }),
        method: 'POST',
        path: 'subjects/subject/fetch/competitive-exams',
        body: { level: 'ENS' },
      },
    ],
    ...read,
  },
  fetchBook: one({ call: (e) => e.fetchBook('book/1'), method: 'GET', path: 'books/book%2F1' }, read),
  fetchBookPage: {
    variants: [
      {
        call: (e) => e.fetchBookPage({ section: 'francophone', limit: 12 }),
        method: 'POST',
        path: 'books/filtered-books',
        body: { section: 'francophone', limit: 12 },
      },
      { call: (e) => e.fetchBookPage(), method: 'POST', path: 'books/filtered-books', body: {} },
    ],
    ...list,
  },
  makePayments: one(
    {
      call: (e) => e.makePayments(makePaymentRequest),
      method: 'PUT',
      path: 'transactions/subjects/makepayments',
      body: makePaymentRequest,
    },
    // Idempotent on the server (by referenceId): a lost answer is retried.
    read,
  ),
  requestToPay: one(
    {
      call: (e) => e.requestToPay(requestToPayPayload),
      method: 'POST',
      path: 'payments/momo/requesttopay',
      body: requestToPayPayload,
    },
    // Idempotent on the server (by externalId): a retry gets the same payment, never a second charge.
    read,
  ),
  getPaymentStatus: {
    variants: [
      {
        call: (e) => e.getPaymentStatus('3f1c2a9e-0d4b-4c7a-9b1e-2f6d8a7c5e41'),
        method: 'GET',
        path: 'payments/momo/requesttopay/3f1c2a9e-0d4b-4c7a-9b1e-2f6d8a7c5e41',
      },
      // An id is data, never a path: it cannot climb out of its segment.
      {
        call: (e) => e.getPaymentStatus('../x y'),
        method: 'GET',
        path: 'payments/momo/requesttopay/..%2Fx%20y',
      },
    ],
    ...read,
  },
  fetchTransactions: one({ call: (e) => e.fetchTransactions(), method: 'GET', path: 'transactions' }, read),
  fetchNews: {
    variants: [
      { call: (e) => e.fetchNews(), method: 'GET', path: 'news/top-headlines?country=us&lang=en' },
      { call: (e) => e.fetchNews('fr'), method: 'GET', path: 'news/top-headlines?country=us&lang=fr' },
    ],
    ...list,
  },
  fetchLiveTvChannels: one(
    { call: (e) => e.fetchLiveTvChannels(), method: 'GET', path: 'livetv/channels' },
    list,
  ),
  fetchScholarships: one({ call: (e) => e.fetchScholarships(), method: 'GET', path: 'scholarships' }, list),
  fetchScholarship: one(
    { call: (e) => e.fetchScholarship('sch-1'), method: 'GET', path: 'scholarships/sch-1' },
    read,
  ),
  fetchProducts: one({ call: (e) => e.fetchProducts(), method: 'GET', path: 'shop/products' }, list),
  fetchProduct: one({ call: (e) => e.fetchProduct('p/1'), method: 'GET', path: 'shop/products/p%2F1' }, read),
  health: one({ call: (e) => e.health(), method: 'GET', path: 'health' }, read),
} satisfies Record<EndpointName, Case>;

function endpointsWith(script: FakeReply[] | ((call: { url: string }) => FakeReply)) {
  const fake = createFakeFetch(script);
  const client = createApiClient({
    baseUrl: 'https://api.example.cm',
    fetch: fake.fetch,
    getToken: () => 'h.p.s',
    getLanguage: () => 'fr',
    // Retry spacing is covered by retry.test.ts; here only the number of attempts matters.
    sleep: async () => {},
  });
  return { endpoints: createEndpoints(client), calls: fake.calls };
}

const allVariants = Object.entries(CASES as Record<EndpointName, Case>).flatMap(([name, testCase]) =>
  testCase.variants.map((variant, index) => ({ name, index, variant, testCase })),
);

describe('endpoints', () => {
  it('has a case for every endpoint function, and an endpoint for every case', () => {
    const { endpoints } = endpointsWith([{ status: 200, body: [] }]);
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it.each(allVariants)(
    '$name #$index sends the right method, path, body and headers',
    async ({ variant }) => {
      const { endpoints, calls } = endpointsWith([{ status: 200, body: [] }]);
      await variant.call(endpoints);
      expect(calls.length).toBe(1);
      const [call] = calls;
      expect(call?.method).toBe(variant.method);
      expect(call?.url).toBe(`https://api.example.cm/${variant.path}`);
      if (variant.checkBody) variant.checkBody(call?.body);
      else expect(call?.body).toEqual(variant.body);
      expect(call?.headers.get('Authorization')).toBe('Bearer h.p.s');
      expect(call?.headers.get('Accept-Language')).toBe('fr');
    },
  );

  it.each(allVariants)(
    '$name #$index is retried only if it is an idempotent read',
    async ({ variant, testCase }) => {
      const { endpoints, calls } = endpointsWith([{ status: 503 }]);
      await expect(variant.call(endpoints)).rejects.toMatchObject({ status: 503 });
      expect(calls.length).toBe(testCase.retryable ? 3 : 1);
    },
  );

  it.each(allVariants)(
    '$name #$index is cached for the session only if it is a list',
    async ({ variant, testCase }) => {
      const { endpoints, calls } = endpointsWith([{ status: 200, body: [] }]);
      await variant.call(endpoints);
      await variant.call(endpoints);
      expect(calls.length).toBe(testCase.cacheable ? 1 : 2);
    },
  );

  it.each(allVariants)(
    '$name #$index uses the video wording for 404 only under videos/',
    async ({ variant, testCase }) => {
      const { endpoints } = endpointsWith([{ status: 404 }]);
      await expect(variant.call(endpoints)).rejects.toMatchObject({
        key: testCase.video ? 'errors.videoNotFound' : 'errors.notFound',
      });
      expect(testCase.video).toBe(variant.path.startsWith('videos/'));
    },
  );

  it('returns the server body as is', async () => {
    const answer = { success: true, token: 'h.p.s', user: { id: 'u1' } };
    const { endpoints } = endpointsWith([{ status: 200, body: answer }]);
    await expect(endpoints.login({ username: 'ama', password: 'pw' })).resolves.toEqual(answer);
  });

  it("unwraps the news service's { articles } envelope as well as a bare list", async () => {
    const article = { title: 'Headline', url: 'https://news.example/1' };
    const wrapped = endpointsWith([
      { status: 200, body: { status: 'ok', totalResults: 1, articles: [article] } },
    ]);
    await expect(wrapped.endpoints.fetchNews()).resolves.toEqual([article]);
    const bare = endpointsWith([{ status: 200, body: [article] }]);
    await expect(bare.endpoints.fetchNews()).resolves.toEqual([article]);
  });

  it('sends the picture without a file name when none is given', async () => {
    const { endpoints, calls } = endpointsWith([{ status: 200, body: { success: true } }]);
    await endpoints.updateProfilePicture(picture);
    const form = calls[0]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('picture')).toBeInstanceOf(Blob);
  });

  it('a successful payment or profile change refreshes the cached profile, video and book lists', async () => {
    const { endpoints, calls } = endpointsWith((call) =>
      call.url.endsWith('makepayments')
        ? { status: 200, body: { success: true } }
        : { status: 200, body: [] },
    );
    await endpoints.getProfile();
    await endpoints.fetchVideos('anglophone');
    await endpoints.fetchBookPage({ section: 'anglophone', limit: 12 });
    await endpoints.fetchSubjects();
    await endpoints.makePayments(makePaymentRequest);
    await endpoints.getProfile();
    await endpoints.fetchVideos('anglophone');
    await endpoints.fetchBookPage({ section: 'anglophone', limit: 12 });
    await endpoints.fetchSubjects();
    expect(calls.map((call) => call.url.replace('https://api.example.cm/', ''))).toEqual([
      'users/profile',
      'videos/fetchvideos/anglophone',
      'books/filtered-books',
      'subjects/subject/fetch-all',
      'transactions/subjects/makepayments',
      'users/profile',
      'videos/fetchvideos/anglophone',
      'books/filtered-books',
    ]);
  });

  it('keeps one book page per filter and cursor, whatever order the fields were written in', async () => {
    const { endpoints, calls } = endpointsWith([{ status: 200, body: [] }]);
    await endpoints.fetchBookPage({ section: 'anglophone', limit: 12, cursor: 'c.1' });
    await endpoints.fetchBookPage({ cursor: 'c.1', level: '', limit: 12, section: 'anglophone' });
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0]?.body)).toBe('{"cursor":"c.1","limit":12,"section":"anglophone"}');
    await endpoints.fetchBookPage({ section: 'anglophone', limit: 12, cursor: 'c.2' });
    expect(calls).toHaveLength(2);
  });
});

describe('makeExternalId', () => {
  it('builds the ORDER_{userId}_{timestamp} reference of SPEC.md §7', () => {
    expect(makeExternalId('u1', 1_700_000_000_000)).toBe('ORDER_u1_1700000000000');
  });
});

describe('VIDEO_SECTION_PATHS', () => {
  it('spells the video sections without hyphens, unlike the subject paths', () => {
    expect(VIDEO_SECTION_PATHS).toEqual({
      anglophone: 'anglophone',
      francophone: 'francophone',
      'diploma-exams': 'diplomaexams',
      'competitive-exams': 'competitiveexams',
    });
  });
});
