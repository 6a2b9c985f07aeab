import { describe, expect, it } from 'vitest';
import type { MakePaymentRequest, RequestToPayPayload } from '../../../../contract/payments';
import { newsArticleId } from '../../../../contract/rules/news-article-id';
import type { RegisterPayload } from '../../../../contract/users';
import { makeExternalId } from '../../../../src/rules/payment-requests';
import { VIDEO_SECTION_PATHS } from '../../../../src/services/api/call-shapes';
import { createApiClient } from '../../../../src/services/api/client';
import { createEndpoints, type EndpointName, type Endpoints } from '../../../../src/services/api/endpoints';
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

type Method = 'GET' | 'POST' | 'PUT';

interface Variant {
  call: (endpoints: Endpoints) => Promise<unknown>;
  method: Method;
  path: string;
  /** The JSON sent; absent for calls without a body. */
  body?: unknown;
  /** For bodies that are not JSON. */
  checkBody?: (body: unknown) => void;
}

interface Flags {
  retryable: boolean;
  cacheable: boolean;
  video: boolean;
}

interface Case extends Flags {
  variants: Variant[];
}

const write: Flags = { retryable: false, cacheable: false, video: false };
const read: Flags = { retryable: true, cacheable: false, video: false };
const list: Flags = { retryable: true, cacheable: true, video: false };
const videoWrite: Flags = { ...write, video: true };
const videoRead: Flags = { ...read, video: true };

/** `'PUT videos/video/like'`, as docs/api.md writes a call. */
type Route = `${Method} ${string}`;

function routeOf(route: Route): Pick<Variant, 'method' | 'path'> {
  const [method, path = ''] = route.split(' ') as [Method, string?];
  return { method, path };
}

/** A call without a body, or with its own (`body`). */
function calls(route: Route, call: Variant['call'], flags: Flags, body?: unknown): Case {
  return { variants: [{ call, ...routeOf(route), ...(body === undefined ? {} : { body }) }], ...flags };
}

/** A call whose one argument is sent, as it is, as its JSON body. */
function sends<const P>(
  route: Route,
  payload: P,
  call: (e: Endpoints, payload: P) => Promise<unknown>,
  flags: Flags,
) {
  return calls(route, (e) => call(e, payload), flags, payload);
}

/** Every call of docs/api.md. `satisfies` makes a missing endpoint a type error; the first test makes it a failure. */
const CASES = {
  register: sends('POST users/register', registerPayload, (e, p) => e.register(p), write),
  login: sends(
    'POST users/authenticate/student',
    { username: 'ama', password: 'pw' },
    (e, p) => e.login(p),
    write,
  ),
  loginWithPhone: sends(
    'POST users/authenticate/student/withphonenumber',
    { phonenumber: '237670000000', password: 'pw' },
    (e, p) => e.loginWithPhone(p),
    write,
  ),
  getProfile: calls('GET users/profile', (e) => e.getProfile(), list),
  fetchStudentDetail: sends(
    'POST users/fetchStudentDetail',
    { id: 'u1' },
    (e, p) => e.fetchStudentDetail(p),
    read,
  ),
  modifyProfile: sends(
    'PUT users/profile/modify',
    { id: 'u1', firstname: 'Amandine' },
    (e, p) => e.modifyProfile(p),
    write,
  ),
  saveLanguage: sends(
    'PUT users/profile/modify',
    { id: 'u1', language: 'fr' as const },
    (e, p) => e.saveLanguage(p),
    write,
  ),
  updateProfilePicture: {
    variants: [
      {
        call: (e) => e.updateProfilePicture(picture, 'me.jpg'),
        ...routeOf('PUT users/profilepicture/update'),
        checkBody: (body) => {
          expect(body).toBeInstanceOf(FormData);
          const file = (body as FormData).get('picture');
          expect(file).toBeInstanceOf(Blob);
          expect((file as File).name).toBe('me.jpg');
          expect([...(body as FormData).keys()]).toEqual(['picture']);
        },
      },
    ],
    ...write,
  },
  changePassword: sends(
    'PUT users/profile/passwordreset',
    { id: 'u1', oldPassword: 'a', newPassword: 'b' },
    (e, p) => e.changePassword(p),
    write,
  ),
  forgotPassword: sends('POST forgot', { email: 'a@b.cm' }, (e, p) => e.forgotPassword(p), write),
  resetPassword: sends(
    'PUT reset',
    { token: 't0k', password: 'new pw' },
    (e, p) => e.resetPassword(p),
    write,
  ),
  registerPushToken: sends(
    'POST users/notifications',
    { token: 'fcm-1', platform: 'android' },
    (e, p) => e.registerPushToken(p),
    write,
  ),
  checkSubjectExpiration: sends(
    'POST users/check-subject-expiration',
    { userId: 'u1', subjectId: 's1' },
    (e, p) => e.checkSubjectExpiration(p),
    read,
  ),
  logout: calls('POST users/student/logout', (e) => e.logout(), write, {}),
  logoutAllDevices: calls('POST users/student/alldevicelogout', (e) => e.logoutAllDevices(), write, {}),
  deleteAccount: sends(
    'POST users/student/delete_account',
    { password: 'pw' },
    (e, p) => e.deleteAccount(p),
    write,
  ),
  exportMyData: calls('GET users/profile/export', (e) => e.exportMyData(), read),
  fetchHappenings: calls('GET happenings/fetch-all', (e) => e.fetchHappenings(), list),
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
  filteredVideos: sends(
    'POST videos/filtered-videos',
    { subjectTitle: 'Mathematics Form 5', subsection: 'Vectors' },
    (e, p) => e.filteredVideos(p),
    videoRead,
  ),
  upNextVideos: sends('POST videos/upnext-videos', { videoId: 'v1' }, (e, p) => e.upNextVideos(p), videoRead),
  playVideo: calls('GET videos/video/play?videoId=v%201', (e) => e.playVideo('v 1'), videoRead),
  commentVideo: sends(
    'POST videos/video/comment',
    { videoId: 'v1', text: 'Merci !' },
    (e, p) => e.commentVideo(p),
    videoWrite,
  ),
  likeVideo: sends('PUT videos/video/like', { videoId: 'v1' }, (e, p) => e.likeVideo(p), videoWrite),
  dislikeVideo: sends('PUT videos/video/dislike', { videoId: 'v1' }, (e, p) => e.dislikeVideo(p), videoWrite),
  viewVideo: sends('PUT videos/video/view', { videoId: 'v1' }, (e, p) => e.viewVideo(p), videoWrite),
  // The resume position on the account: neither cached (it changes on every save) nor retried (a later save wins).
  getVideoPosition: calls(
    'GET videos/video/position?videoId=v%201',
    (e) => e.getVideoPosition('v 1'),
    videoWrite,
  ),
  saveVideoPosition: sends(
    'PUT videos/video/position',
    { videoId: 'v1', position: 42, updatedAt: '2026-03-01T10:00:00.000Z' },
    (e, p) => e.saveVideoPosition(p),
    videoWrite,
  ),
  fetchContinue: calls('GET videos/continue', (e) => e.fetchContinue(), { ...list, video: true }),
  likeComment: sends(
    'PUT videos/video/comment/like',
    { videoId: 'v1', commentId: 'c1' },
    (e, p) => e.likeComment(p),
    videoWrite,
  ),
  fetchSubjects: calls('GET subjects/subject/fetch-all', (e) => e.fetchSubjects(), list),
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
  fetchBook: calls('GET books/book%2F1', (e) => e.fetchBook('book/1'), read),
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
  // Idempotent on the server (by referenceId): a lost answer is retried.
  makePayments: sends(
    'PUT transactions/subjects/makepayments',
    makePaymentRequest,
    (e, p) => e.makePayments(p),
    read,
  ),
  // Idempotent on the server (by externalId): a retry gets the same payment, never a second charge.
  requestToPay: sends(
    'POST payments/momo/requesttopay',
    requestToPayPayload,
    (e, p) => e.requestToPay(p),
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
  // Issue 20: never retried on its own (a second try of a spent seat would only be refused).
  redeemCode: sends(
    'POST subjects/serial/redeem',
    { serialNumberHolder: '160B-0N4A-B55C-93SR-F' },
    (e, p) => e.redeemCode(p),
    write,
  ),
  fetchTransactions: calls('GET transactions', (e) => e.fetchTransactions(), read),
  fetchNews: {
    variants: [
      { call: (e) => e.fetchNews(), method: 'GET', path: 'news/top-headlines?country=us&lang=en' },
      { call: (e) => e.fetchNews('fr'), method: 'GET', path: 'news/top-headlines?country=us&lang=fr' },
    ],
    ...list,
  },
  fetchLiveTvChannels: calls('GET livetv/channels', (e) => e.fetchLiveTvChannels(), list),
  fetchScholarships: calls('GET scholarships', (e) => e.fetchScholarships(), list),
  fetchScholarship: calls('GET scholarships/sch-1', (e) => e.fetchScholarship('sch-1'), read),
  fetchProducts: calls('GET shop/products', (e) => e.fetchProducts(), list),
  fetchProduct: calls('GET shop/products/p%2F1', (e) => e.fetchProduct('p/1'), read),
  health: calls('GET health', (e) => e.health(), read),
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
    const article = { id: 'a1', title: 'Headline', url: 'https://news.example/1' };
    const wrapped = endpointsWith([
      { status: 200, body: { status: 'ok', totalResults: 1, articles: [article] } },
    ]);
    await expect(wrapped.endpoints.fetchNews()).resolves.toEqual([article]);
    const bare = endpointsWith([{ status: 200, body: [article] }]);
    await expect(bare.endpoints.fetchNews()).resolves.toEqual([article]);
  });

  it("asks for home's Continue again once a position was saved, and not before", async () => {
    const { endpoints, calls } = endpointsWith([{ status: 200, body: { success: true } }]);
    const asked = () => calls.filter((call) => call.url.endsWith('/videos/continue')).length;
    await endpoints.fetchContinue();
    await endpoints.fetchContinue();
    expect(asked()).toBe(1);
    await endpoints.saveVideoPosition({ videoId: 'v1', position: 42, updatedAt: '2026-03-01T10:00:00.000Z' });
    await endpoints.fetchContinue();
    expect(asked()).toBe(2);
  });

  it('gives the ids the server gives to articles of an answer from before ids, each article once', async () => {
    const shared = 'https://news.example/front';
    const first = {
      source: { name: 'Wire' },
      title: 'One',
      publishedAt: '2026-11-01T00:00:00Z',
      url: shared,
    };
    const second = { ...first, title: 'Two' };
    const { endpoints } = endpointsWith([
      { status: 200, body: { status: 'ok', totalResults: 3, articles: [first, second, first] } },
    ]);
    const articles = await endpoints.fetchNews();
    expect(articles.map((a) => a.id)).toEqual([newsArticleId(first), newsArticleId(second)]);
    expect(newsArticleId(first)).not.toBe(newsArticleId(second));
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
  it('builds the ORDER_{userId}_{timestamp} reference of docs/product.md §7', () => {
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
