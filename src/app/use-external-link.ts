import type { MouseEvent } from 'react';
import { linksNeedTheBridge, openExternal } from '../services/native/external-links';

/**
 * The click handler of a link to another site (`<a href target="_blank" rel="noopener noreferrer">`): on
 * the web the link works as it is; in the native shell it opens the system browser instead of the web view.
 */
export function useExternalLink() {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!linksNeedTheBridge()) return;
    event.preventDefault();
    void openExternal(event.currentTarget.href);
  };
}
