import type { ReactNode } from 'react';
import type { Book } from '../../../contract/books';
import type { Happening, NewsArticle, Product, Scholarship } from '../../../contract/content';
import type { LiveTvChannel } from '../../../contract/live-tv';
import { type ContentStores, ContentStoresProvider } from '../../../src/app/content-stores';
import { createReadArticles } from '../../../src/services/content/read-articles';
import { createReadingPositions } from '../../../src/services/content/reading-positions';
import { createSavedScholarships } from '../../../src/services/content/saved-scholarships';
import type { KeyValueStore } from '../../../src/services/device-store';
import { createOfflineBookStore } from '../../../src/services/offline/book-downloads';
import { type RenderAppOptions, renderWithApp } from '../helpers/render-app';
import { createFakeCacheStorage } from '../pwa/fake-cache-storage';

/** IndexedDB stand-in: what was written reads back, through the same store interface. */
export function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    del: async (key) => {
      data.delete(key);
    },
  };
}

export function testStores(overrides: Partial<ContentStores> = {}) {
  const store = memoryStore();
  const stores: ContentStores = {
    savedScholarships: createSavedScholarships(store),
    readArticles: createReadArticles(store),
    readingPositions: createReadingPositions(store),
    offlineBooks: createOfflineBookStore({
      cacheStorage: createFakeCacheStorage().storage,
      baseUrl: 'http://localhost/',
      network: () => ({ online: true, saveData: false, type: null, effectiveType: null }),
    }),
    ...overrides,
  };
  return { store, stores };
}

/** A screen in the app's providers with in-memory device stores. */
export function renderContent(
  ui: ReactNode,
  options: RenderAppOptions & { stores?: Partial<ContentStores> } = {},
) {
  const { store, stores } = testStores(options.stores);
  const view = renderWithApp(<ContentStoresProvider stores={stores}>{ui}</ContentStoresProvider>, options);
  return { ...view, store, stores };
}

export const DAY = 86_400_000;
/** A fixed "now" for countdowns: 23 November 2026, 10:00 in Cameroon. */
export const NOW = Date.parse('2026-11-23T09:00:00Z');

const subject = (id: string, title: string, price: number) => ({
  _id: id,
  subjectTitle: title,
  pictureurl: `http://localhost/media/pictures/${id}.webp`,
  price,
});

export const BOOKS: Book[] = [
  {
    _id: 'book-free',
    title: { en: 'Formula Sheet', fr: 'Formulaire' },
    author: { en: 'StudyCam teachers', fr: 'Équipe pédagogique StudyCam' },
    level: 'Form 5',
    section: 'anglophone',
    subjectId: 'ang-maths-f5',
    subjectTitle: 'Mathematics Form 5',
    subjectLanguage: 'en',
    subject: subject('ang-maths-f5', 'Mathematics Form 5', 2500),
    description: { en: 'Every formula.', fr: 'Toutes les formules.' },
    coverUrl: 'http://localhost/media/pictures/maths.webp',
    pages: 3,
    language: 'en',
    free: true,
    locked: false,
    sizeBytes: 3630,
    fileUrl: 'http://localhost/books/file/book-free?student=&subject=ang-maths-f5&exp=1&sig=a',
  },
  {
    _id: 'book-paid',
    title: { en: 'Revision Notes', fr: 'Fiches de révision' },
    author: { en: 'StudyCam teachers', fr: 'Équipe pédagogique StudyCam' },
    level: 'Form 5',
    section: 'anglophone',
    subjectId: 'ang-physics-f5',
    subjectTitle: 'Physics Form 5',
    subjectLanguage: 'en',
    subject: subject('ang-physics-f5', 'Physics Form 5', 2500),
    description: { en: 'One page per topic.', fr: 'Une page par chapitre.' },
    coverUrl: 'http://localhost/media/pictures/physics.webp',
    pages: 1,
    language: 'fr',
    free: false,
    locked: true,
    sizeBytes: 5305,
  },
];

const scholarship = (id: string, deadline: string, extra: Partial<Scholarship> = {}): Scholarship => ({
  _id: id,
  title: { en: `${id} scholarship`, fr: `Bourse ${id}` },
  provider: { en: `${id} provider`, fr: `fournisseur ${id}` },
  country: 'GB',
  levels: ['master'],
  amount: { en: 'Full tuition', fr: 'Scolarité complète' },
  deadline,
  description: { en: `About ${id}.`, fr: `À propos de ${id}.` },
  eligibility: { en: `Who may apply to ${id}.`, fr: `Qui peut postuler à ${id}.` },
  link: `https://example.org/${id}`,
  imageUrl: 'http://localhost/media/pictures/english.webp',
  ...extra,
});

export const SCHOLARSHIPS: Scholarship[] = [
  scholarship('far', new Date(NOW + 40 * DAY).toISOString(), { country: 'DE', levels: ['master', 'phd'] }),
  scholarship('closed', new Date(NOW - 2 * DAY).toISOString(), { country: 'FR' }),
  scholarship('soon', new Date(NOW + 5 * DAY + 3_600_000).toISOString(), {
    country: 'INTL',
    levels: ['bachelor'],
  }),
  scholarship('today', new Date(NOW + 5 * 3_600_000).toISOString(), { levels: ['secondary'] }),
];

export const ARTICLES: NewsArticle[] = [
  {
    id: 'a1gce',
    source: { id: null, name: 'StudyCam Newsroom' },
    author: 'StudyCam Newsroom',
    title: 'GCE registration opens',
    description: 'Register through your school.',
    url: 'https://camgceb.org/',
    urlToImage: 'http://localhost/media/pictures/exam-prep.webp',
    publishedAt: '2026-11-18T08:30:00Z',
    content: 'Registration for the 2027 examinations is open. [+120 chars]',
  },
  {
    id: 'a2coding',
    source: { id: null, name: 'Cameroon Wire' },
    author: null,
    title: 'Coding clubs open',
    description: null,
    url: 'https://example.org/coding',
    urlToImage: null,
    publishedAt: '2026-10-20T10:00:00Z',
    content: null,
  },
];

export const HAPPENINGS: Happening[] = [
  {
    _id: 'hap-1',
    title: { en: 'GCE revision videos are online', fr: 'Les vidéos de révision du GCE sont en ligne' },
    body: { en: 'Past papers solved step by step.', fr: 'Anciens sujets corrigés pas à pas.' },
    date: '2026-03-02T08:00:00Z',
    imageUrl: 'http://localhost/media/pictures/exam-prep.webp',
  },
];

export const CHANNELS: LiveTvChannel[] = [
  {
    _id: 'studycam-live',
    name: 'StudyCam Live',
    title: { en: 'StudyCam Live: lessons all day', fr: 'StudyCam Live : des leçons toute la journée' },
    description: { en: 'Our own channel.', fr: 'Notre propre chaîne.' },
    language: 'bilingual',
    logoUrl: 'http://localhost/media/pictures/channel.webp',
    streamUrl: 'http://localhost/livetv/studycam-live/live/video.m3u8',
    audioStreamUrl: 'http://localhost/livetv/studycam-live/live/audio.m3u8',
    dataPerHourBytes: 52_000_000,
    audioDataPerHourBytes: 17_300_000,
    websiteUrl: null,
  },
  {
    _id: 'tv-crtv',
    name: 'CRTV',
    title: { en: 'CRTV', fr: 'CRTV' },
    description: { en: 'The national broadcaster.', fr: 'La télévision nationale.' },
    language: 'bilingual',
    logoUrl: 'http://localhost/media/pictures/crtv.webp',
    streamUrl: null,
    audioStreamUrl: null,
    dataPerHourBytes: null,
    audioDataPerHourBytes: null,
    websiteUrl: 'https://www.crtv.cm/',
  },
];

const product = (
  id: string,
  category: string,
  price: number,
  stock: number,
  en: string,
  fr: string,
): Product => ({
  _id: id,
  title: { en, fr },
  description: { en: `${en}, for school.`, fr: `${fr}, pour l'école.` },
  category,
  price,
  stock,
  imageUrl: `http://localhost/media/pictures/${id}-1.webp`,
  pictures: [`http://localhost/media/pictures/${id}-1.webp`, `http://localhost/media/pictures/${id}-2.webp`],
});

export const PRODUCTS: Product[] = [
  product('prod-calculator', 'calculators', 8500, 40, 'Scientific calculator', 'Calculatrice scientifique'),
  product('prod-solar', 'calculators', 6000, 0, 'Solar calculator', 'Calculatrice solaire'),
  product('prod-textbook', 'textbooks', 6500, 3, 'Mathematics textbook', 'Manuel de mathématiques'),
  product('prod-earphones', 'accessories', 2500, 60, 'Earphones', 'Écouteurs'),
];
