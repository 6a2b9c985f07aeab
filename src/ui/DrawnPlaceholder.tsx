import { useLayoutEffect, useRef } from 'react';

/**
 * A loading list's placeholder that is what the page's inline script drew of it before the app's code ran
 * (issue 19: the first card, src/app/shell-rest.ts): the very nodes, put back in place in the same commit
 * that takes them out of the page, so the picture stays on screen until the app's card takes its box.
 * Screen readers hear the loading status, as with a skeleton; the drawn nodes are hidden from them.
 */
export function DrawnPlaceholder({ drawn, label }: { drawn: Element; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    host.current?.appendChild(drawn);
    // Gone with the placeholder: a later visit to the screen finds no drawn rest and shows its skeleton.
    return () => drawn.remove();
  }, [drawn]);
  return (
    <>
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <div ref={host} style={{ display: 'contents' }} />
    </>
  );
}
