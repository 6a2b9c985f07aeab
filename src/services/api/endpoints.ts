import { articlesOf, canonicalBody, queryString, VIDEO_SECTION_PATHS } from './call-shapes';
import type { ApiClient, EndpointOptions } from './client';
import { carryDeviceCopy } from './device-copy';
import type {
  AuthResponse,
  Book,
  BookPage,
  BookPageQuery,
  ChangePasswordPayload,
  CommentLikeResponse,
  CommentResponse,
  CommentVideoPayload,
  ContinueWatching,
  DataExportResponse,
  DeleteAccountPayload,
  FetchStudentDetailPayload,
  FilteredVideosPayload,
  ForgotPasswordPayload,
  Happening,
  HealthResponse,
  Language,
  LikeCommentPayload,
  ListedSection,
  LiveTvChannel,
  LoginPayload,
  MakePaymentRequest,
  MakePaymentResponse,
  MessageResponse,
  ModifyProfilePayload,
  NewsArticle,
  PasswordChangedResponse,
  Payment,
  PaymentStatusResponse,
  PhoneLoginPayload,
  Product,
  PushTokenPayload,
  RedeemCodePayload,
  RedeemCodeResponse,
  RegisterPayload,
  RequestToPayPayload,
  RequestToPayResponse,
  ResetPasswordPayload,
  SaveVideoPositionPayload,
  Scholarship,
  Subject,
  SubjectExpirationPayload,
  SubjectExpirationResponse,
  SubjectsBySectionPayload,
  SuccessResponse,
  UpNextVideosPayload,
  UserResponse,
  Video,
  VideoActionPayload,
  VideoCountsResponse,
  VideoPage,
  VideoPageQuery,
  VideoPlayAnswer,
  VideoPosition,
} from './types';

/**
 * A successful write of these changes what the profile and the video and book lists (locked, streamUrl,
 * fileUrl) show.
 */
const USER_LISTS = ['users/profile', 'videos/', 'books/'] as const;

const CONTINUE_PATH = 'videos/continue';

/**
 * One function per call of docs/api.md. Reads are retryable; writes are not, since repeating them could act
 * twice (a comment), except the two payment writes, which the server makes idempotent (a start by its
 * externalId, a checkout by its referenceId): a lost answer is then retried instead of shown as an error.
 * Calls under `videos/` are marked for their own error wording. The shop's orders have their own module
 * (order-endpoints.ts), loaded with the order checkout.
 */
export function createEndpoints(client: ApiClient) {
  const read = { retryable: true } as const;
  const idempotentWrite = { retryable: true } as const;
  const videoRead = { retryable: true, video: true } as const;
  const list = { retryable: true, cacheable: true } as const;
  const videoList = { ...list, video: true } as const;
  /** Neither retried nor cached: reactions and the resume position (a later save supersedes it). */
  const videoCall = { video: true } as const;
  const userWrite = { invalidates: USER_LISTS } as const;

  // Most calls have one of three shapes: a payload sent as the JSON body, a GET of a fixed path, or a GET
  // of one record by id (the id is data, never a path: it cannot climb out of its segment).
  const send =
    <Payload, Answer>(method: 'POST' | 'PUT', path: string, options: EndpointOptions = {}) =>
    (payload: Payload) =>
      client.request<Answer>({ method, path, body: payload, ...options });
  const get =
    <Answer>(path: string, options: EndpointOptions = {}) =>
    () =>
      client.request<Answer>({ method: 'GET', path, ...options });
  const getById =
    <Answer>(root: string, options: EndpointOptions = {}) =>
    (id: string) =>
      client.request<Answer>({ method: 'GET', path: `${root}/${encodeURIComponent(id)}`, ...options });

  return {
    // Account
    register: send<RegisterPayload, MessageResponse>('POST', 'users/register'),
    login: send<LoginPayload, AuthResponse>('POST', 'users/authenticate/student'),
    loginWithPhone: send<PhoneLoginPayload, AuthResponse>(
      'POST',
      'users/authenticate/student/withphonenumber',
    ),
    getProfile: get<UserResponse>('users/profile', list),
    fetchStudentDetail: send<FetchStudentDetailPayload, UserResponse>(
      'POST',
      'users/fetchStudentDetail',
      read,
    ),
    modifyProfile: send<ModifyProfilePayload, UserResponse>('PUT', 'users/profile/modify', userWrite),
    // The language goes with the account (issue 18): the same call, but the lists it shows stay valid.
    saveLanguage: send<Required<Pick<ModifyProfilePayload, 'id' | 'language'>>, UserResponse>(
      'PUT',
      'users/profile/modify',
    ),
    updateProfilePicture: (picture: Blob, fileName?: string) => {
      const form = new FormData();
      if (fileName === undefined) form.append('picture', picture);
      else form.append('picture', picture, fileName);
      return client.request<UserResponse>({
        method: 'PUT',
        path: 'users/profilepicture/update',
        body: form,
        ...userWrite,
      });
    },
    changePassword: send<ChangePasswordPayload, PasswordChangedResponse>(
      'PUT',
      'users/profile/passwordreset',
    ),
    forgotPassword: send<ForgotPasswordPayload, MessageResponse>('POST', 'forgot'),
    resetPassword: send<ResetPasswordPayload, MessageResponse>('PUT', 'reset'),
    registerPushToken: send<PushTokenPayload, SuccessResponse>('POST', 'users/notifications'),
    checkSubjectExpiration: send<SubjectExpirationPayload, SubjectExpirationResponse>(
      'POST',
      'users/check-subject-expiration',
      read,
    ),
    logout: () => client.request<SuccessResponse>({ method: 'POST', path: 'users/student/logout', body: {} }),
    logoutAllDevices: () =>
      client.request<SuccessResponse>({ method: 'POST', path: 'users/student/alldevicelogout', body: {} }),
    deleteAccount: send<DeleteAccountPayload, SuccessResponse>('POST', 'users/student/delete_account'),
    /** Everything the server keeps about the student (never cached: it is theirs alone, and changes). */
    exportMyData: get<DataExportResponse>('users/profile/export', read),

    // Platform news
    fetchHappenings: get<Happening[]>('happenings/fetch-all', list),

    // Videos
    fetchVideos: (section?: ListedSection) =>
      client.request<Video[]>({
        method: 'GET',
        path: section ? `videos/fetchvideos/${VIDEO_SECTION_PATHS[section]}` : 'videos/fetchvideos',
        ...videoList,
      }),
    /** One page of lessons (issue 12); kept for the session like the other lists (docs/product.md §7). */
    fetchVideoPage: (query: VideoPageQuery = {}) =>
      client.request<VideoPage>({ method: 'GET', path: `videos/page${queryString(query)}`, ...videoList }),
    filteredVideos: send<FilteredVideosPayload, Video[]>('POST', 'videos/filtered-videos', videoRead),
    upNextVideos: send<UpNextVideosPayload, Video[]>('POST', 'videos/upnext-videos', videoRead),
    /**
     * What the player needs before the first frame, in one round trip (issue 19): the lesson with fresh
     * signed URLs, its subject's price and the student's access. Never cached: the URLs expire.
     */
    playVideo: (videoId: string) =>
      client.request<VideoPlayAnswer>({
        method: 'GET',
        path: `videos/video/play?videoId=${encodeURIComponent(videoId)}`,
        ...videoRead,
      }),
    // Reactions do not invalidate the cached lists: their answers carry the new counts, and refetching
    // every list after each view would cost students mobile data.
    commentVideo: send<CommentVideoPayload, CommentResponse>('POST', 'videos/video/comment', videoCall),
    likeVideo: send<VideoActionPayload, VideoCountsResponse>('PUT', 'videos/video/like', videoCall),
    dislikeVideo: send<VideoActionPayload, VideoCountsResponse>('PUT', 'videos/video/dislike', videoCall),
    viewVideo: send<VideoActionPayload, VideoCountsResponse>('PUT', 'videos/video/view', videoCall),
    // The resume position on the student's account.
    getVideoPosition: (videoId: string) =>
      client.request<VideoPosition>({
        method: 'GET',
        path: `videos/video/position?videoId=${encodeURIComponent(videoId)}`,
        ...videoCall,
      }),
    // A saved position changes what home offers to continue.
    saveVideoPosition: send<SaveVideoPositionPayload, VideoPosition>('PUT', 'videos/video/position', {
      ...videoCall,
      invalidates: [CONTINUE_PATH],
    }),
    /** "Continue" and "Next up" for a paying student's home (docs/home.md); kept until a position is saved. */
    fetchContinue: get<ContinueWatching>(CONTINUE_PATH, videoList),
    likeComment: send<LikeCommentPayload, CommentLikeResponse>('PUT', 'videos/video/comment/like', videoCall),

    // Catalogue
    fetchSubjects: get<Subject[]>('subjects/subject/fetch-all', list),
    fetchSubjectsBySection: (section: ListedSection, payload: SubjectsBySectionPayload = {}) =>
      client.request<Subject[]>({
        method: 'POST',
        path: `subjects/subject/fetch/${section}`,
        body: payload,
        ...read,
      }),
    /** One book with a fresh signed fileUrl (the reader asks each time it opens). */
    fetchBook: getById<Book>('books', read),
    /** One page of books (issue 12): the same call with paging fields, kept for the session. */
    fetchBookPage: (query: BookPageQuery = {}) =>
      client.request<BookPage>({
        method: 'POST',
        path: 'books/filtered-books',
        body: canonicalBody(query),
        ...list,
      }),

    // Payments
    makePayments: send<MakePaymentRequest, MakePaymentResponse>('PUT', 'transactions/subjects/makepayments', {
      ...userWrite,
      ...idempotentWrite,
    }),
    requestToPay: send<RequestToPayPayload, RequestToPayResponse>(
      'POST',
      'payments/momo/requesttopay',
      idempotentWrite,
    ),
    getPaymentStatus: getById<PaymentStatusResponse>('payments/momo/requesttopay', read),
    /** Issue 20: an access code; answered like a payment (the user with the new expiries, the message). */
    redeemCode: send<RedeemCodePayload, RedeemCodeResponse>('POST', 'subjects/serial/redeem', userWrite),
    fetchTransactions: get<Payment[]>('transactions', read),

    // Other screens (the project's additions to docs/product.md §7)
    /** docs/product.md §7's country; `lang` picks the language of the bundled set (a news service ignores it). */
    fetchNews: async (lang: Language = 'en') => {
      const answer = await client.request<NewsArticle[] | { articles?: NewsArticle[] }>({
        method: 'GET',
        path: `news/top-headlines?country=us&lang=${lang}`,
        ...list,
      });
      return carryDeviceCopy(answer, articlesOf(answer));
    },
    fetchLiveTvChannels: get<LiveTvChannel[]>('livetv/channels', list),
    fetchScholarships: get<Scholarship[]>('scholarships', list),
    fetchScholarship: getById<Scholarship>('scholarships', read),
    fetchProducts: get<Product[]>('shop/products', list),
    fetchProduct: getById<Product>('shop/products', read),
    health: get<HealthResponse>('health', read),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
export type EndpointName = keyof Endpoints;
