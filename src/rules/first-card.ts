import type { Section } from '../../contract/common';
import type { PaidSubject } from '../../contract/users';

/**
 * Which subject cards home and study-sections show, in which order, and the picture a card draws (issue 19).
 * Their first card's picture is the screens' largest paint; the page's inline script preloads it as soon as
 * the catalogue's answer is in, before the app's code has even arrived (src/app/first-card-preload.ts). So
 * that the script and the screens cannot disagree on the card or on the picture's URL, srcset and sizes
 * (a preload the card does not use is a second download), both run these very functions: the screens import
 * them, and the build inlines them into the page as their own source text (src/app/first-screen-boot.ts's
 * BOOT_PARTS). Each must therefore stay self-contained: no import at run time, no helper or constant from
 * outside it (another rule comes in as an argument), nothing newer than the app's ES2020 target.
 */

/** What a card's `<img>` carries besides its box: the file, the sizes on offer and the width it is drawn at. */
export interface SubjectPicture {
  src: string;
  srcSet: string | undefined;
  sizes: string;
}

/** A subject card's picture: the catalogue's URL and srcset, drawn at the card's width. */
export function subjectPicture(subject: {
  pictureurl: string;
  pictureSrcset?: string | undefined;
}): SubjectPicture {
  return {
    src: subject.pictureurl,
    srcSet: subject.pictureSrcset || undefined,
    // A card is the screen's width on a phone, 320 px in the grid of a wider screen.
    sizes: '(min-width: 40em) 320px, 100vw',
  };
}

/** What home needs of a catalogue subject to place it. */
interface PlacedSubject {
  readonly _id: string;
  readonly subjectTitle: string;
  readonly section: Section;
  readonly level: string;
}

/** Home's visit: the address's choice, the student as stored, the language shown, the clock. */
export interface HomeVisit {
  /** `section` and `level` of the address's query ('' or null: none). */
  requestedSection: string | null;
  requestedLevel: string | null;
  loggedIn: boolean;
  paid: readonly PaidSubject[];
  language: string;
  now: number;
  /** Every section's id, in the screen's order. */
  sectionIds: readonly string[];
}

/** The rules home's choice reads (src/rules/student-section.ts, src/rules/subject-access.ts), self-contained too. */
export interface HomeRules {
  studentSection: (
    paid: readonly PaidSubject[],
    catalogue: readonly PlacedSubject[] | null,
    language: string,
    now: number,
  ) => Section;
  mayStudyAny: (paid: readonly PaidSubject[], now: number) => boolean;
}

/**
 * Home's catalogue (docs/home.md): the section the address names, else the student's own; its subjects at the
 * address's level when the section has any at it, else all of them; and whether "Continue" comes first (a
 * student with a paid subject open), which puts the first card below the fold.
 */
export function homeCatalogue<S extends PlacedSubject>(
  catalogue: readonly S[] | null,
  visit: HomeVisit,
  rules: HomeRules,
): { section: string; inSection: S[]; level: string; shown: S[]; studying: boolean } {
  const requested = visit.requestedSection || '';
  const section =
    visit.sectionIds.indexOf(requested) >= 0
      ? requested
      : rules.studentSection(visit.paid, catalogue, visit.language, visit.now);
  const inSection = (catalogue || []).filter((subject) => subject.section === section);
  const requestedLevel = visit.requestedLevel || '';
  const level = inSection.some((subject) => subject.level === requestedLevel) ? requestedLevel : '';
  const shown = level ? inSection.filter((subject) => subject.level === level) : inSection;
  const studying = visit.loggedIn && rules.mayStudyAny(visit.paid, visit.now);
  return { section, inSection, level, shown, studying };
}

/**
 * Study-sections' cards: the student's paid subjects, soonest expiry first, each with its catalogue entry
 * (by id, or by title for a backend that stores only titles; undefined while the catalogue lacks it).
 */
export function studyCards<S extends { readonly _id: string; readonly subjectTitle: string }>(
  paid: readonly PaidSubject[],
  catalogue: readonly S[] | null,
): Array<{ entry: PaidSubject; subject: S | undefined }> {
  const sorted = paid.slice().sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt));
  return sorted.map((entry) => ({
    entry,
    subject:
      (catalogue || []).find((subject) => subject._id === entry.subjectId) ||
      (catalogue || []).find((subject) => subject.subjectTitle === entry.subjectTitle),
  }));
}
