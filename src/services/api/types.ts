/**
 * The shapes exchanged with the API, written from API.md. Once the server runs, the OpenAPI document it
 * serves at /docs is the source of truth; where they disagree, this file is the one to change.
 * Ids are strings; money is a whole number of XAF; dates are ISO 8601 strings.
 */

export type Language = 'en' | 'fr';

export interface Bilingual {
  en: string;
  fr: string;
}

export type Role = 'STUDENT';

export type Section =
  | 'anglophone'
  | 'francophone'
  | 'diploma-exams'
  | 'competitive-exams'
  | 'extra-curricular';

/** The sections with their own list calls (extra-curricular content only appears in the full lists). */
export type ListedSection = Exclude<Section, 'extra-curricular'>;

export interface PaidSubject {
  subjectId: string;
  subjectTitle: string;
  expiresAt: string;
}

// Types, not interfaces, so they stand where a machine's User or PlaybackVideo (which keep the server's
// other fields through an index signature) is expected, with no cast.
export type User = {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  phonenumber: string;
  role: Role;
  profilePicture: string | null;
  createdAt: string;
  paidSubjects: PaidSubject[];
};

export interface Subject {
  _id: string;
  subjectTitle: string;
  pictureurl: string;
  /** The picture in several widths for `<img srcset>` (issue 12), when the server has them. */
  pictureSrcset?: string;
  price: number;
  section: Section;
  level: string;
  description: Bilingual;
}

/** SPEC.md §3: a cart line is a subject plus a quantity of access periods (starts at 1). */
export interface CartItem {
  _id: string;
  subjectTitle: string;
  pictureurl: string;
  price: number;
  amount: number;
}

export interface Comment {
  _id: string;
  videoId: string;
  /** null once the author deleted their account. */
  userId: string | null;
  username: string;
  text: string;
  likes: number;
  createdAt: string;
}

/** One rendition of a lesson (issue 11): 'saver' is the data-saver one, at most 160 kb/s in total. */
export type Quality = 'saver' | '360p' | '480p';

export interface Rendition {
  quality: Quality;
  width: number;
  height: number;
  /** Total bits per second of the file, measured. */
  bitrate: number;
  /** What a full download costs. */
  sizeBytes: number;
  durationSeconds: number;
  /** Signed and short-lived; only with current access. */
  url?: string;
}

export interface Caption {
  lang: Language;
  /** Signed WebVTT file; only with current access. */
  url?: string;
}

export type Video = {
  _id: string;
  title: string;
  /** The title in both languages, when the lesson has both (imported lessons). */
  titles?: Bilingual;
  subjectId: string;
  subjectTitle: string;
  section: Section;
  /** The topic the video belongs to. */
  subsection: string;
  level: string;
  description: string;
  thumbnailUrl: string;
  /** The thumbnail in several widths for `<img srcset>` (issue 12), when the server has them. */
  thumbnailSrcset?: string;
  durationSeconds: number;
  views: number;
  likes: number;
  dislikes: number;
  comments: Comment[];
  locked: boolean;
  /** A short-lived signed URL, present only for a student with current access to the subject. */
  streamUrl?: string;
  /** Smallest first; absent from a server without renditions. */
  renditions?: Rendition[];
  captions?: Caption[];
};

/** Statuses as the mobile money provider reports them; others (REJECTED, TIMEOUT, ...) may appear. */
export type PaymentStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED' | (string & {});

export interface PaymentItem {
  subjectId: string;
  amount: number;
}

export interface Payment {
  referenceId: string;
  externalId: string;
  /** null once the student deleted the account (payments are kept, anonymised, for accounting). */
  userId: string | null;
  /** subjectTitle is null when the subject no longer exists. */
  items: (PaymentItem & { subjectTitle: string | null })[];
  totalCost: number;
  currency: string;
  msisdn: string | null;
  status: PaymentStatus;
  /** The provider's reason for a FAILED payment. */
  reason: string | null;
  createdAt: string;
  settledAt: string | null;
}

/** What the cart needs to sell a locked book's subject. */
export type BookSubject = Pick<Subject, '_id' | 'subjectTitle' | 'pictureurl' | 'price'>;

export interface Book {
  _id: string;
  title: Bilingual;
  author: string;
  level: string;
  section: Section;
  subjectId: string;
  subjectTitle: string;
  subject: BookSubject;
  description: Bilingual;
  coverUrl: string;
  pages: number;
  /** The language the book is written in. */
  language: Language;
  /** Readable by everyone (a free book, or a free subject's): the server's rule. */
  free: boolean;
  /** True until the student has current access to the book's subject. */
  locked: boolean;
  /** The PDF's size in bytes, shown before a download. */
  sizeBytes: number;
  /** A short-lived signed URL of the PDF, present only when not locked. */
  fileUrl?: string;
}

export type StudyLevel = 'secondary' | 'bachelor' | 'master' | 'phd';

export interface Scholarship {
  _id: string;
  title: Bilingual;
  provider: string;
  /** ISO 3166-1 alpha-2 code of the host country, or 'INTL' for programmes in several countries. */
  country: string;
  levels: StudyLevel[];
  amount: Bilingual;
  /** ISO 8601 date-time: the last moment to apply. */
  deadline: string;
  description: Bilingual;
  eligibility: Bilingual;
  /** Where to apply: opens outside the app. */
  link: string;
  imageUrl: string;
}

/** News of the platform itself (SPEC.md's "happenings"). */
export interface Happening {
  _id: string;
  title: Bilingual;
  date: string;
  body: Bilingual;
  imageUrl: string;
}

export interface Product {
  _id: string;
  title: Bilingual;
  price: number;
  /** The card picture: the first of `pictures`. */
  imageUrl: string;
  pictures: string[];
  description: Bilingual;
  /** Items left; 0 is out of stock. */
  stock: number;
  /** textbooks, past-papers, calculators, stationery, uniforms, accessories, or one the app does not know. */
  category: string;
}

export interface LiveTvChannel {
  _id: string;
  title: Bilingual;
  name: string;
  /** HLS with picture and sound; null for a channel that only plays on its own site. */
  streamUrl: string | null;
  /** HLS with sound only, to save data. */
  audioStreamUrl: string | null;
  /** What an hour of each stream costs, in bytes. */
  dataPerHourBytes: number | null;
  audioDataPerHourBytes: number | null;
  logoUrl: string;
  /** The broadcast language, e.g. 'en', 'fr' or 'bilingual'. */
  language: string;
  description: Bilingual;
  /** The channel's own site. */
  websiteUrl: string | null;
}

/** An article as the news service publishes it (the server only proxies it). */
export interface NewsArticle {
  source: { id: string | null; name: string };
  author: string | null;
  title: string;
  description: string | null;
  url: string;
  urlToImage: string | null;
  publishedAt: string;
  content: string | null;
}

// Requests

export interface RegisterPayload {
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  password: string;
  phonenumber: string;
}

export interface LoginPayload {
  username: string;
  password: string;
}

export interface PhoneLoginPayload {
  phonenumber: string;
  password: string;
}

export interface FetchStudentDetailPayload {
  id: string;
}

export interface ModifyProfilePayload {
  id: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  phonenumber?: string;
}

export interface ChangePasswordPayload {
  id: string;
  oldPassword: string;
  newPassword: string;
}

export interface ForgotPasswordPayload {
  email: string;
}

export interface ResetPasswordPayload {
  token: string;
  password: string;
}

export interface MakePaymentRequest {
  id: string;
  username: string;
  role: Role;
  /** Subject titles, checked by the server against the payment's items. */
  paidSubjects: string[];
  totalCost: number;
  referenceId: string;
}

export type PushPlatform = 'android' | 'ios';

export interface PushTokenPayload {
  token: string;
  platform: PushPlatform;
}

export interface SubjectExpirationPayload {
  userId: string;
  subjectId: string;
}

export interface DeleteAccountPayload {
  password: string;
}

/** GET videos/page (issue 12): one page of lessons, filtered on the server. */
export interface VideoPageQuery {
  section?: Section;
  subjectTitle?: string;
  /** The topic. */
  subsection?: string;
  level?: string;
  /** 1–50; the server's default (12) when absent. */
  limit?: number;
  /** The previous page's nextCursor. */
  cursor?: string;
}

export interface VideoPage {
  success: true;
  videos: Video[];
  /** Null on the last page. */
  nextCursor: string | null;
  /** Lessons matching the filters. */
  total: number;
}

export interface FilteredVideosPayload {
  subjectTitle: string;
  subsection?: string;
}

export interface UpNextVideosPayload {
  videoId: string;
}

export interface CommentVideoPayload {
  videoId: string;
  text: string;
}

/** Where the student stopped, on their account; the newer position wins. */
export interface VideoPosition {
  position: number | null;
  /** ISO 8601; null when nothing is saved. */
  updatedAt: string | null;
}

export interface SaveVideoPositionPayload {
  videoId: string;
  /** Seconds; 0 once the video was watched to the end. */
  position: number;
  updatedAt: string;
}

export interface VideoActionPayload {
  videoId: string;
}

export interface LikeCommentPayload {
  videoId: string;
  commentId: string;
}

export interface SubjectsBySectionPayload {
  level?: string;
}

export interface FilteredBooksPayload {
  section?: Section;
  level?: string;
  subjectTitle?: string;
}

/** POST books/filtered-books with paging fields (issue 12): the answer is one page. */
export interface BookPageQuery extends FilteredBooksPayload {
  limit?: number;
  cursor?: string;
}

export interface BookPage {
  success: true;
  books: Book[];
  nextCursor: string | null;
  total: number;
}

export interface RequestToPayPayload {
  /** A string, as the provider's API wants it. */
  amount: string;
  currency: 'XAF';
  /** ORDER_{userId}_{timestamp}, see makeExternalId. */
  externalId: string;
  payer: { partyIdType: 'MSISDN'; partyId: string };
  payerMessage: string;
  payeeNote: string;
  items: PaymentItem[];
}

// Responses

export interface MessageResponse {
  success: boolean;
  msg?: string;
}

export interface SuccessResponse {
  success: boolean;
}

export interface AuthResponse {
  success: boolean;
  token: string;
  user: User;
}

export interface UserResponse {
  success: boolean;
  user: User;
}

export interface MakePaymentResponse {
  success: boolean;
  user?: User;
  msg?: string;
}

export interface SubjectExpirationResponse {
  success: boolean;
  expired: boolean;
  expiresAt: string | null;
}

export interface CommentResponse {
  success: boolean;
  comment: Comment;
}

export interface VideoCountsResponse {
  success: boolean;
  likes: number;
  dislikes: number;
  views: number;
}

export interface CommentLikeResponse {
  success: boolean;
  likes: number;
}

export interface RequestToPayResponse {
  success: boolean;
  referenceId: string;
}

export interface PaymentStatusResponse {
  success: boolean;
  status: PaymentStatus;
  reason?: string;
}

export interface HealthResponse {
  ok: boolean;
  db: boolean;
  momo: boolean;
}
