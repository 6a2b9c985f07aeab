import { startTransition, useEffect, useState } from 'react';

/**
 * False for a screen's first render, true once that render is on screen: for what may come a moment later
 * than the rest (issue 19: a lesson's reactions, speed, download and comments after its Play button). Set in a
 * transition, so that a tap in between (on Play) is handled before that second render.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs before its paint; a task queued from it, after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
