import { articlesOf, canonicalBody, queryString, VIDEO_SECTION_PATHS } from './call-shapes';
import type { ApiClient } from './client';
import type {
  AuthResponse,
  Book,
  BookPage,
  BookPageQuery,
  ChangePasswordPayload,
  CommentLikeResponse,
  CommentResponse,
  CommentVideoPayload,
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
  VideoPosition,
} from './types';

/**
 * A successful write of these changes what the profile and the video and book lists (locked, streamUrl,
 * fileUrl) show.
 */
const USER_LISTS = ['users/profile', 'videos/', 'books/'] as const;

/**
 * One function per call of API.md. Reads are retryable; writes are not, since repeating them could act
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

  return {
    // Account
    register: (payload: RegisterPayload) =>
      client.request<MessageResponse>({ method: 'POST', path: 'users/register', body: payload }),
    login: (payload: LoginPayload) =>
      client.request<AuthResponse>({ method: 'POST', path: 'users/authenticate/student', body: payload }),
    loginWithPhone: (payload: PhoneLoginPayload) =>
      client.request<AuthResponse>({
        method: 'POST',
        path: 'users/authenticate/student/withphonenumber',
        body: payload,
      }),
    getProfile: () => client.request<UserResponse>({ method: 'GET', path: 'users/profile', ...list }),
    fetchStudentDetail: (payload: FetchStudentDetailPayload) =>
      client.request<UserResponse>({
        method: 'POST',
        path: 'users/fetchStudentDetail',
        body: payload,
        ...read,
      }),
    modifyProfile: (payload: ModifyProfilePayload) =>
      client.request<UserResponse>({
        method: 'PUT',
        path: 'users/profile/modify',
        body: payload,
        invalidates: USER_LISTS,
      }),
    updateProfilePicture: (picture: Blob, fileName?: string) => {
      const form = new FormData();
      if (fileName === undefined) form.append('picture', picture);
      else form.append('picture', picture, fileName);
      return client.request<UserResponse>({
        method: 'PUT',
        path: 'users/profilepicture/update',
        body: form,
        invalidates: USER_LISTS,
      });
    },
    changePassword: (payload: ChangePasswordPayload) =>
      client.request<PasswordChangedResponse>({
        method: 'PUT',
        path: 'users/profile/passwordreset',
        body: payload,
      }),
    forgotPassword: (payload: ForgotPasswordPayload) =>
      client.request<MessageResponse>({ method: 'POST', path: 'forgot', body: payload }),
    resetPassword: (payload: ResetPasswordPayload) =>
      client.request<MessageResponse>({ method: 'PUT', path: 'reset', body: payload }),
    registerPushToken: (payload: PushTokenPayload) =>
      client.request<SuccessResponse>({ method: 'POST', path: 'users/notifications', body: payload }),
    checkSubjectExpiration: (payload: SubjectExpirationPayload) =>
      client.request<SubjectExpirationResponse>({
        method: 'POST',
        path: 'users/check-subject-expiration',
        body: payload,
        ...read,
      }),
    logout: () => client.request<SuccessResponse>({ method: 'POST', path: 'users/student/logout', body: {} }),
    logoutAllDevices: () =>
      client.request<SuccessResponse>({ method: 'POST', path: 'users/student/alldevicelogout', body: {} }),
    deleteAccount: (payload: DeleteAccountPayload) =>
      client.request<SuccessResponse>({
        method: 'POST',
        path: 'users/student/delete_account',
        body: payload,
      }),

    // Platform news
    fetchHappenings: () =>
      client.request<Happening[]>({ method: 'GET', path: 'happenings/fetch-all', ...list }),

    // Videos
    fetchVideos: (section?: ListedSection) =>
      client.request<Video[]>({
        method: 'GET',
        path: section ? `videos/fetchvideos/${VIDEO_SECTION_PATHS[section]}` : 'videos/fetchvideos',
        ...list,
        video: true,
      }),
    /** One page of lessons (issue 12); kept for the session like the other lists (SPEC.md §7). */
    fetchVideoPage: (query: VideoPageQuery = {}) =>
      client.request<VideoPage>({
        method: 'GET',
        path: `videos/page${queryString(query)}`,
        ...list,
        video: true,
      }),
    filteredVideos: (payload: FilteredVideosPayload) =>
      client.request<Video[]>({
        method: 'POST',
        path: 'videos/filtered-videos',
        body: payload,
        ...videoRead,
      }),
    upNextVideos: (payload: UpNextVideosPayload) =>
      client.request<Video[]>({ method: 'POST', path: 'videos/upnext-videos', body: payload, ...videoRead }),
    // Reactions do not invalidate the cached lists: their answers carry the new counts, and refetching
    // every list after each view would cost students mobile data.
    commentVideo: (payload: CommentVideoPayload) =>
      client.request<CommentResponse>({
        method: 'POST',
        path: 'videos/video/comment',
        body: payload,
        video: true,
      }),
    likeVideo: (payload: VideoActionPayload) =>
      client.request<VideoCountsResponse>({
        method: 'PUT',
        path: 'videos/video/like',
        body: payload,
        video: true,
      }),
    dislikeVideo: (payload: VideoActionPayload) =>
      client.request<VideoCountsResponse>({
        method: 'PUT',
        path: 'videos/video/dislike',
        body: payload,
        video: true,
      }),
    viewVideo: (payload: VideoActionPayload) =>
      client.request<VideoCountsResponse>({
        method: 'PUT',
        path: 'videos/video/view',
        body: payload,
        video: true,
      }),
    // The resume position on the student's account: never cached, never retried (a later save supersedes it).
    getVideoPosition: (videoId: string) =>
      client.request<VideoPosition>({
        method: 'GET',
        path: `videos/video/position?videoId=${encodeURIComponent(videoId)}`,
        video: true,
      }),
    saveVideoPosition: (payload: SaveVideoPositionPayload) =>
      client.request<VideoPosition>({
        method: 'PUT',
        path: 'videos/video/position',
        body: payload,
        video: true,
      }),
    likeComment: (payload: LikeCommentPayload) =>
      client.request<CommentLikeResponse>({
        method: 'PUT',
        path: 'videos/video/comment/like',
        body: payload,
        video: true,
      }),

    // Catalogue
    fetchSubjects: () =>
      client.request<Subject[]>({ method: 'GET', path: 'subjects/subject/fetch-all', ...list }),
    fetchSubjectsBySection: (section: ListedSection, payload: SubjectsBySectionPayload = {}) =>
      client.request<Subject[]>({
        method: 'POST',
        path: `subjects/subject/fetch/${section}`,
        body: payload,
        ...read,
      }),
    /** One book with a fresh signed fileUrl (the reader asks each time it opens). */
    fetchBook: (id: string) =>
      client.request<Book>({ method: 'GET', path: `books/${encodeURIComponent(id)}`, ...read }),
    /** One page of books (issue 12): the same call with paging fields, kept for the session. */
    fetchBookPage: (query: BookPageQuery = {}) =>
      client.request<BookPage>({
        method: 'POST',
        path: 'books/filtered-books',
        body: canonicalBody(query),
        ...list,
      }),

    // Payments
    makePayments: (payload: MakePaymentRequest) =>
      client.request<MakePaymentResponse>({
        method: 'PUT',
        path: 'transactions/subjects/makepayments',
        body: payload,
        invalidates: USER_LISTS,
        ...idempotentWrite,
      }),
    requestToPay: (payload: RequestToPayPayload) =>
      client.request<RequestToPayResponse>({
        method: 'POST',
        path: 'payments/momo/requesttopay',
        body: payload,
        ...idempotentWrite,
      }),
    getPaymentStatus: (referenceId: string) =>
      client.request<PaymentStatusResponse>({
        method: 'GET',
        path: `payments/momo/requesttopay/${encodeURIComponent(referenceId)}`,
        ...read,
      }),
    fetchTransactions: () => client.request<Payment[]>({ method: 'GET', path: 'transactions', ...read }),

    // Other screens (the project's additions to SPEC.md §7)
    /** SPEC.md §7's country; `lang` picks the language of the bundled set (a news service ignores it). */
    fetchNews: async (lang: Language = 'en') =>
      articlesOf(
        await client.request<NewsArticle[] | { articles?: NewsArticle[] }>({
          method: 'GET',
          path: `news/top-headlines?country=us&lang=${lang}`,
          ...list,
        }),
      ),
    fetchLiveTvChannels: () =>
      client.request<LiveTvChannel[]>({ method: 'GET', path: 'livetv/channels', ...list }),
    fetchScholarships: () => client.request<Scholarship[]>({ method: 'GET', path: 'scholarships', ...list }),
    fetchScholarship: (id: string) =>
      client.request<Scholarship>({ method: 'GET', path: `scholarships/${encodeURIComponent(id)}`, ...read }),
    fetchProducts: () => client.request<Product[]>({ method: 'GET', path: 'shop/products', ...list }),
    fetchProduct: (id: string) =>
      client.request<Product>({ method: 'GET', path: `shop/products/${encodeURIComponent(id)}`, ...read }),
    health: () => client.request<HealthResponse>({ method: 'GET', path: 'health', ...read }),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
export type EndpointName = keyof Endpoints;
