// The layout guard's checks (tests/e2e/layout-guard.e2e.test.ts, docs/layout.md), run inside the page on
// what it shows now. `layoutFindings` is serialised by Playwright into the page: it must stay
// self-contained (no imports, no helpers outside its body).

export type LayoutCheck = 'overflow' | 'cut-text' | 'covered' | 'tap-target';

export interface LayoutFinding {
  check: LayoutCheck;
  /** The element: its tag, classes and name, e.g. `button.btn "Payer"`. */
  element: string;
  detail: string;
}

/** The smallest target the guard accepts, in CSS px (WCAG 2.5.5's 44 × 44, stricter than 2.5.8's 24). */
export const MIN_TARGET_PX = 44;

/**
 * Every layout fault of the page as it is on screen:
 * - overflow: an element reaching past the viewport's sides, unless an ancestor below <body> clips or
 *   scrolls it (a swipeable row of chips is fine; the page's own overflow-x: hidden hides faults, it is no
 *   excuse);
 * - cut-text: a button, link, select or input whose text is wider or taller than its box (a select is measured
 *   by a copy of itself holding only the chosen option, sized by the browser to show it whole; an input by its
 *   placeholder, the app's words, while it is empty: a value the student typed scrolls in its field);
 * - covered: a focusable element that, scrolled into view as focus scrolls it, still has something else on
 *   top of it where a finger lands (its centre, or its top 44 px when it is taller): the sticky top bar, the
 *   install banner, a toast, or anything else. What lies on top as seen, not only as tapped: a toast's
 *   message lets taps through (pointer-events: none) yet hides what is under it;
 * - tap-target: a focusable element smaller than 44 × 44 CSS px. Exempt, as WCAG 2.5.8 exempts them: a link
 *   inside running text (display inline, in a block with other text), whose size is the sentence's; an
 *   element hidden until focused (the skip link: a keyboard user's, never a finger's target); a checkbox or
 *   radio is measured with its label, which takes the same tap.
 * While a modal dialog is open only the dialog's contents count: the page under it is out of reach on purpose.
 */
export function layoutFindings(minTarget: number): LayoutFinding[] {
  const findings: LayoutFinding[] = [];
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;

  const describe = (element: Element): string => {
    const tag = element.tagName.toLowerCase();
    const classes = [...element.classList]
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join('');
    const named =
      element.getAttribute('aria-label') ??
      (element instanceof HTMLInputElement ? element.value || element.placeholder || element.name : null) ??
      element.textContent ??
      '';
    const name = named.replace(/\s+/g, ' ').trim().slice(0, 48);
    return `${tag}${classes}${name ? ` "${name}"` : ''}`;
  };
  const isVisuallyHidden = (element: Element): boolean => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return (rect.width <= 1 && rect.height <= 1) || style.clip === 'rect(0px, 0px, 0px, 0px)';
  };
  const isShown = (element: Element): boolean => {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };

  // --- overflow ------------------------------------------------------------------------------------
  const clippedBelowBody = (element: Element): boolean => {
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    }
    return false;
  };
  const overflowing: Element[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (overflowing.some((outer) => outer.contains(element))) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.right <= vw + 0.5 && rect.left >= -0.5) continue;
    if (isVisuallyHidden(element) || clippedBelowBody(element)) continue;
    overflowing.push(element);
    findings.push({
      check: 'overflow',
      element: describe(element),
      detail: `spans ${Math.round(rect.left)}–${Math.round(rect.right)} px of a ${vw} px wide screen`,
    });
  }

  // --- which elements a finger can reach -----------------------------------------------------------
  const dialogs = [...document.querySelectorAll('[aria-modal="true"]')].filter(isShown);
  const scope: ParentNode = dialogs.at(-1) ?? document;
  const focusable = [
    ...scope.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, video[controls], [tabindex]:not([tabindex="-1"])',
    ),
  ].filter(
    (element) =>
      isShown(element) &&
      !(element as HTMLButtonElement).disabled &&
      !element.closest('[inert], [aria-hidden="true"]'),
  );

  const labelOf = (element: Element): HTMLLabelElement | null =>
    element instanceof HTMLInputElement ? (element.labels?.[0] ?? null) : null;

  // --- cut-text ------------------------------------------------------------------------------------
  const measureCanvas = document.createElement('canvas').getContext('2d');
  const textWidth = (text: string, style: CSSStyleDeclaration): number => {
    if (!measureCanvas) return 0;
    measureCanvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return measureCanvas.measureText(text).width;
  };
  const textInputs = new Set(['text', 'email', 'tel', 'search', 'url', 'number', 'password']);
  for (const element of focusable) {
    const style = getComputedStyle(element);
    if (element instanceof HTMLSelectElement) {
      const chosen = element.selectedOptions[0];
      if (!chosen) continue;
      // The browser sizes a select of width auto to show its widest option whole: a copy holding only the
      // chosen one, with the same font, padding, border and arrow, is the width that option needs.
      const copy = element.cloneNode(false) as HTMLSelectElement;
      copy.append(chosen.cloneNode(true));
      copy.removeAttribute('id');
      for (const property of ['font', 'padding', 'border', 'appearance', 'letter-spacing', 'box-sizing']) {
        copy.style.setProperty(property, style.getPropertyValue(property));
      }
      Object.assign(copy.style, {
        position: 'absolute',
        visibility: 'hidden',
        width: 'auto',
        minWidth: '0',
        maxWidth: 'none',
        left: '0',
        top: '0',
      });
      document.body.append(copy);
      const needed = copy.getBoundingClientRect().width;
      copy.remove();
      const has = element.getBoundingClientRect().width;
      if (needed > has + 1) {
        findings.push({
          check: 'cut-text',
          element: describe(element),
          detail: `shows "${chosen.text}" in ${Math.round(has)} px; it needs ${Math.round(needed)} px`,
        });
      }
      continue;
    }
    if (element instanceof HTMLInputElement) {
      // The app's own words, the placeholder, must fit; what the student typed scrolls in its field as typed.
      if (!textInputs.has(element.type) || element.value !== '') continue;
      const text = element.placeholder;
      if (!text) continue;
      const room =
        element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const needed = textWidth(text, style);
      if (needed > room + 1) {
        findings.push({
          check: 'cut-text',
          element: describe(element),
          detail: `"${text}" needs ${Math.round(needed)} px; the field shows ${Math.round(room)} px`,
        });
      }
      continue;
    }
    if (element instanceof HTMLTextAreaElement || element instanceof HTMLVideoElement) continue;
    // Buttons and links laid out as boxes; an inline link wraps with its sentence; a scrolling region (a
    // swipeable row, focusable so a keyboard can scroll it) shows the rest when scrolled; the skip link is
    // hidden until focused.
    if (style.display === 'inline' || isVisuallyHidden(element)) continue;
    if (/auto|scroll/.test(`${style.overflowX} ${style.overflowY}`)) continue;
    const wider = element.scrollWidth > element.clientWidth + 1;
    const taller = element.scrollHeight > element.clientHeight + 1;
    if (wider || taller) {
      findings.push({
        check: 'cut-text',
        element: describe(element),
        detail: `content ${element.scrollWidth}×${element.scrollHeight} px in a ${element.clientWidth}×${element.clientHeight} px box`,
      });
    }
  }

  // --- tap-target ----------------------------------------------------------------------------------
  const inRunningText = (element: Element): boolean => {
    if (getComputedStyle(element).display !== 'inline') return false;
    let block = element.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    const own = (element.textContent ?? '').trim().length;
    return !!block && (block.textContent ?? '').trim().length > own;
  };
  for (const element of focusable) {
    if (isVisuallyHidden(element) || inRunningText(element)) continue;
    let rect = element.getBoundingClientRect();
    const label = labelOf(element);
    const choice =
      element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
    if (label && choice) {
      const own = label.getBoundingClientRect();
      const left = Math.min(rect.left, own.left);
      const top = Math.min(rect.top, own.top);
      rect = new DOMRect(
        left,
        top,
        Math.max(rect.right, own.right) - left,
        Math.max(rect.bottom, own.bottom) - top,
      );
    }
    if (rect.width < minTarget - 0.5 || rect.height < minTarget - 0.5) {
      findings.push({
        check: 'tap-target',
        element: describe(element),
        detail: `${Math.round(rect.width)}×${Math.round(rect.height)} px`,
      });
    }
  }

  // --- covered -------------------------------------------------------------------------------------
  const pinnedAncestor = (element: Element | null): Element | null => {
    for (let up = element; up; up = up.parentElement) {
      const position = getComputedStyle(up).position;
      if (position === 'fixed' || position === 'sticky') return up;
    }
    return null;
  };
  // What the eye sees on top, not only what takes the tap: a toast lets taps through its message
  // (pointer-events: none) but still hides what is under it, so for this check everything answers hits.
  const seeThrough = document.createElement('style');
  seeThrough.textContent = '* { pointer-events: auto !important; }';
  document.head.append(seeThrough);
  for (const element of focusable) {
    if (isVisuallyHidden(element)) continue;
    element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    // A link wrapping over two lines: its first line is text, the middle of its bounding box may not be.
    const rect = element.getClientRects()[0] ?? element.getBoundingClientRect();
    const x = Math.min(Math.max(rect.left + rect.width / 2, 1), vw - 2);
    const y = Math.min(Math.max(rect.top + Math.min(rect.height / 2, minTarget / 2), 1), vh - 2);
    const hit = document.elementFromPoint(x, y);
    if (!hit || element.contains(hit) || hit === labelOf(element) || labelOf(element)?.contains(hit))
      continue;
    const pinned = pinnedAncestor(hit);
    if (pinned?.contains(element)) continue;
    findings.push({
      check: 'covered',
      element: describe(element),
      detail: `at (${Math.round(x)}, ${Math.round(y)}) ${describe(hit)} lies on it${
        pinned ? `, part of the ${getComputedStyle(pinned).position} ${describe(pinned).slice(0, 60)}` : ''
      }`,
    });
  }
  seeThrough.remove();
  window.scrollTo(0, 0);
  return findings;
}
