/**
 * The screens of the content areas (issue 8), reached through this one module: the route table, which is
 * part of the first screen's script, then names one chunk for all of them, and their own preload lists
 * live here instead. Opening the first of them costs one small extra request.
 */
const SCREENS = {
  books: () => import('./Books'),
  'book-reader': () => import('./BookReader'),
  scholarships: () => import('./Scholarships'),
  'scholarship-details': () => import('./ScholarshipDetails'),
  news: () => import('./News'),
  'live-tv': () => import('./LiveTv'),
  shop: () => import('./Shop'),
  'product-details': () => import('./ProductDetails'),
  trans: () => import('./Trans'),
  navbar: () => import('./NavbarPage'),
  footer: () => import('./FooterPage'),
} as const;

export type ContentScreen = keyof typeof SCREENS;

export const loadContentScreen = (name: ContentScreen) => SCREENS[name]();
