import { useLocation, useSearch } from 'wouter';

/**
 * The `videoId` of the current location. Wouter's hash navigation puts the query in the real URL
 * (`/?videoId=a#/video-player`), while a typed or pushed link keeps it inside the hash
 * (`#/video-player?videoId=a`). The hash wins: the real query is left behind by later navigations.
 */
export function videoIdFromQueries(hash: string, search: string): string {
  const inHash = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const fromHash = new URLSearchParams(inHash).get('videoId')?.trim();
  return fromHash || new URLSearchParams(search).get('videoId')?.trim() || '';
}

export function useVideoIdQuery(): string {
  const search = useSearch();
  // Subscribing to the location re-renders the screen when the hash, and so its query, changes.
  useLocation();
  return videoIdFromQueries(typeof window === 'undefined' ? '' : window.location.hash, search);
}
