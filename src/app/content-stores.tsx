import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import type { ReadArticles } from '../services/content/read-articles';
import { createReadArticles } from '../services/content/read-articles';
import type { ReadingPositions } from '../services/content/reading-positions';
import { createReadingPositions } from '../services/content/reading-positions';
import type { SavedScholarships } from '../services/content/saved-scholarships';
import { createSavedScholarships } from '../services/content/saved-scholarships';
import type { OfflineBookStore } from '../services/offline/book-downloads';
import { createOfflineBookStore } from '../services/offline/book-downloads';

/**
 * What the content screens keep on the device: saved scholarships, articles read, the page of each book,
 * offline books. Created on first use by the screens that need them (never in the landing chunk); tests
 * provide in-memory ones.
 */
export interface ContentStores {
  savedScholarships: SavedScholarships;
  readArticles: ReadArticles;
  readingPositions: ReadingPositions;
  offlineBooks: OfflineBookStore;
}

const ContentStoresContext = createContext<Partial<ContentStores> | null>(null);

export function ContentStoresProvider({
  stores,
  children,
}: {
  stores: Partial<ContentStores>;
  children: ReactNode;
}) {
  return <ContentStoresContext.Provider value={stores}>{children}</ContentStoresContext.Provider>;
}

let shared: ContentStores | null = null;
const defaults = (): ContentStores => {
  shared ??= {
    savedScholarships: createSavedScholarships(),
    readArticles: createReadArticles(),
    readingPositions: createReadingPositions(),
    // Offline reading needs Cache Storage; the native shell has it too (no service worker is involved).
    offlineBooks: createOfflineBookStore(),
  };
  return shared;
};

export function useContentStores(): ContentStores {
  const provided = useContext(ContentStoresContext);
  return { ...defaults(), ...provided };
}
