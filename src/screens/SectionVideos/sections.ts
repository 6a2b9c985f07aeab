import type { ListedSection, Section } from '../../../contract/common';

/** One of the five content areas (docs/product.md §2 video pages, docs/product.md sections). */
export interface SectionInfo {
  readonly id: Section;
  /** The protected route listing the section's videos. */
  readonly videoRoute: string;
  /** The section's own list call; extra-curricular has none, so it is cut from the full list. */
  readonly listed: ListedSection | null;
  /** School levels in school order, so the level filter reads Form 1 … Upper Sixth, not alphabetically. */
  readonly levelOrder: readonly string[];
}

export const SECTIONS: readonly SectionInfo[] = [
  {
    id: 'anglophone',
    videoRoute: 'anglophone-videos',
    listed: 'anglophone',
    levelOrder: ['Form 1', 'Form 2', 'Form 3', 'Form 4', 'Form 5', 'Lower Sixth', 'Upper Sixth'],
  },
  {
    id: 'francophone',
    videoRoute: 'francophone-videos',
    listed: 'francophone',
    levelOrder: ['6e', '5e', '4e', '3e', '2nde', '1ère', 'Terminale'],
  },
  {
    id: 'diploma-exams',
    videoRoute: 'diploma-examination-videos',
    listed: 'diploma-exams',
    levelOrder: ['GCE O Level', 'BEPC', 'GCE A Level', 'Probatoire', 'Baccalauréat'],
  },
  {
    id: 'competitive-exams',
    videoRoute: 'competitive-examination-videos',
    listed: 'competitive-exams',
    levelOrder: [],
  },
  { id: 'extra-curricular', videoRoute: 'extra-curricular-activities-videos', listed: null, levelOrder: [] },
];

const DEFAULT_SECTION = SECTIONS[0] as SectionInfo;

/** Every section's id, in the screens' order (the page's inline script gets the list too: issue 19). */
export const SECTION_IDS: readonly string[] = SECTIONS.map((section) => section.id);

export function sectionById(id: string | null | undefined): SectionInfo {
  return SECTIONS.find((section) => section.id === id) ?? DEFAULT_SECTION;
}

/**
 * The section a list opens on (home, the books): the one its address names, else the student's own
 * (`ownSection`, src/rules/student-section.ts).
 */
export function requestedOrOwn(requested: string | null, ownSection: () => Section): SectionInfo {
  return SECTIONS.find((section) => section.id === requested) ?? sectionById(ownSection());
}

/**
 * Where an empty section's "other section" link leads: the other school system's (a francophone student's
 * empty list offers the anglophone one, and the other way round); the exam and activity sections offer the
 * anglophone one, the first of the list.
 */
export function otherSchoolSystem(section: Section): Section {
  return section === 'anglophone' ? 'francophone' : 'anglophone';
}

/** The video pages share one screen; the route's title key says which section it shows. */
export function sectionByVideoRoute(route: string): SectionInfo {
  return SECTIONS.find((section) => section.videoRoute === route) ?? DEFAULT_SECTION;
}

/** The distinct levels present, in school order first, then any the order does not know, alphabetically. */
export function levelsOf(section: SectionInfo, levels: Iterable<string>): string[] {
  const present = [...new Set(levels)];
  const rank = (level: string) => {
    const index = section.levelOrder.indexOf(level);
    return index === -1 ? section.levelOrder.length : index;
  };
  return present.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The catalogue URL: the section and level live in the query so Back and shared links keep them. Without a
 * section, home opens on the student's own (docs/home.md).
 */
export function catalogueHref(section?: string, level = ''): string {
  if (section === undefined) return '/home';
  const query = new URLSearchParams({ section });
  if (level) query.set('level', level);
  return `/home?${query.toString()}`;
}
