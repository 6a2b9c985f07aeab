import type { RefCallback } from 'react';
import { useCallback } from 'react';

/** The custom properties the shell's CSS reserves room with (src/app/app-shell.css). */
export type ReservedHeight = '--install-banner-height' | '--toast-height';

const heights = new Map<ReservedHeight, Map<Element, number>>();

function publish(property: ReservedHeight): void {
  const mounted = [...(heights.get(property)?.values() ?? [])];
  const root = document.documentElement.style;
  if (mounted.length === 0) root.removeProperty(property);
  else root.setProperty(property, `${Math.max(...mounted)}px`);
}

/**
 * Publishes the height of an overlay fixed at the bottom (the install banner, a toast) on the root element
 * for as long as it is mounted, so the page reserves that room: its last content scrolls above the overlay
 * and a focused field is scrolled clear of it (issue 18). Kept up to date as the overlay's text wraps.
 */
export function useReservedHeight(property: ReservedHeight): RefCallback<HTMLElement> {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      let mounted = heights.get(property);
      if (!mounted) {
        mounted = new Map();
        heights.set(property, mounted);
      }
      const measured = mounted;
      const measure = () => {
        measured.set(element, element.getBoundingClientRect().height);
        publish(property);
      };
      measure();
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
      observer?.observe(element);
      return () => {
        observer?.disconnect();
        measured.delete(element);
        publish(property);
      };
    },
    [property],
  );
}
