import type { Section } from '../../contract/common';
import type { PaidSubject } from '../../contract/users';

/** What the rule needs of the catalogue: a subject's section, for a stored user whose entries lack it. */
export interface SubjectSection {
  readonly _id: string;
  readonly subjectTitle: string;
  readonly section: Section;
}

/**
 * The section home and the books open on when the address names none (docs/home.md): the student's own,
 * from what they own, else from the language they read.
 *
 * - Owned: the section of the paid subjects still open to them (or, when every access has ended, of the
 *   expired ones, which they may renew); the section with the most of them, the language's own on a tie,
 *   else the one listed first.
 * - Otherwise the language: French → francophone, anything else → anglophone.
 *
 * A paid entry carries its section (the server sends it); one stored by an older app is looked up in the
 * catalogue, when it is there.
 *
 * Self-contained (no helper from outside, ES2020): the page's inline script runs it as its own source text to
 * preload home's first picture (src/rules/first-card.ts), so "open" is written here as accessState's "not
 * expired" (a readable expiry still ahead; tests/ui/rules/student-section.test.ts holds the two together).
 */
export function studentSection(
  paid: readonly PaidSubject[],
  catalogue: readonly SubjectSection[] | null,
  language: string,
  now: number,
): Section {
  const bySpeech: Section = language.toLowerCase().startsWith('fr') ? 'francophone' : 'anglophone';
  const sectionOf = (entry: PaidSubject): Section | undefined =>
    entry.section ??
    (
      catalogue?.find((subject) => subject._id === entry.subjectId) ??
      catalogue?.find((subject) => subject.subjectTitle === entry.subjectTitle)
    )?.section;

  const open = paid.filter((entry) => Date.parse(entry.expiresAt) > now);
  const counted = new Map<Section, number>();
  for (const entry of open.length > 0 ? open : paid) {
    const section = sectionOf(entry);
    if (section !== undefined) counted.set(section, (counted.get(section) ?? 0) + 1);
  }
  let chosen: Section | null = null;
  let most = 0;
  for (const [section, count] of counted) {
    if (count > most || (count === most && section === bySpeech)) {
      chosen = section;
      most = count;
    }
  }
  return chosen ?? bySpeech;
}
