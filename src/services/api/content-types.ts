import type { Subject } from './catalogue-types';
import type { Bilingual, Language, Section } from './common-types';

// The content areas of issue 8: books, scholarships, happenings, the shop, live TV and news.

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
