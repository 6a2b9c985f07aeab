/**
 * The shapes exchanged with the API, as the app names them. Each is a type of the shared contract's zod
 * schemas (contract/, the same schemas the server validates with and documents at /docs), so a field is
 * defined once for both sides. `export type` only: zod stays out of the app's bundle.
 */

export type { Book, BookPage, BookPageQuery, FilteredBooksPayload } from '../../../contract/books';
export type { Subject, SubjectsBySectionPayload } from '../../../contract/catalogue';
export type { RedeemCodePayload, RedeemCodeResponse } from '../../../contract/codes';
export type {
  Bilingual,
  Language,
  ListedSection,
  MessageResponse,
  Section,
  SuccessResponse,
} from '../../../contract/common';
export type {
  Happening,
  NewsArticle,
  Product,
  Scholarship,
  StudyLevel,
} from '../../../contract/content';
export type { HealthResponse } from '../../../contract/health';
export type { LiveTvChannel } from '../../../contract/live-tv';
export type {
  CartItem,
  MakePaymentRequest,
  MakePaymentResponse,
  OrderLineView,
  OrderStatus,
  Payment,
  PaymentStatus,
  PaymentStatusResponse,
  RequestToPayPayload,
  RequestToPayResponse,
} from '../../../contract/payments';
export type { Order, OrderResponse, PlaceOrderPayload, PlaceOrderResponse } from '../../../contract/shop';
export type {
  AuthResponse,
  ChangePasswordPayload,
  ClientUser as User,
  DataExport,
  DataExportResponse,
  DeleteAccountPayload,
  FetchStudentDetailPayload,
  ForgotPasswordPayload,
  LoginPayload,
  ModifyProfilePayload,
  PaidSubject,
  PasswordChangedResponse,
  PhoneLoginPayload,
  PushPlatform,
  PushTokenPayload,
  RegisterPayload,
  ResetPasswordPayload,
  SubjectExpirationPayload,
  SubjectExpirationResponse,
  UserResponse,
} from '../../../contract/users';
export type {
  Caption,
  Comment,
  CommentLikeResponse,
  CommentResponse,
  CommentVideoPayload,
  ContinueWatching,
  FilteredVideosPayload,
  LessonSummary,
  LikeCommentPayload,
  Quality,
  Rendition,
  SaveVideoPositionPayload,
  SubjectLessonCount,
  UpNextVideosPayload,
  Video,
  VideoActionPayload,
  VideoCountsResponse,
  VideoPage,
  VideoPageQuery,
  VideoPlayAnswer,
  VideoPosition,
} from '../../../contract/videos';
