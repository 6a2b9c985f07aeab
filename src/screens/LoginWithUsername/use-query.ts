import { useLocation, useSearch } from 'wouter';
import { currentQuery } from './return-path';

/** The current query string, wherever the link put it (see currentQuery). */
export function useQuery(): string {
  const search = useSearch();
  // Subscribing to the location re-renders the screen when the hash (and so its query) changes.
  useLocation();
  return currentQuery(search, typeof window === 'undefined' ? '' : window.location.hash);
}
