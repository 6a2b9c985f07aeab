import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Subject } from '../../../contract/catalogue';
import { FilterSelect } from '../../ui/ListScreen';
import type { SectionInfo } from '../SectionVideos/sections';
import { levelsOf } from '../SectionVideos/sections';
import { booksHref } from './books-href';

interface Props {
  section: SectionInfo;
  /** '' for every level. */
  level: string;
  /** '' for every subject. */
  subject: string;
  /** The cached subject catalogue the choices come from (null while it loads). */
  catalogue: readonly Subject[] | null;
}

/** The books' level and subject choices, each shown once there is more than one to choose from. */
export function BookFilters({ section, level, subject, catalogue }: Props) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const inSection = (catalogue ?? []).filter((item) => item.section === section.id);
  const levels = levelsOf(
    section,
    inSection.map((item) => item.level),
  );
  const subjectTitles = inSection
    .filter((item) => !level || item.level === level)
    .map((item) => item.subjectTitle);
  // Levels and course names keep the language they are taught in, and say so to screen readers.
  const languageOf = (field: 'level' | 'subjectTitle') => (value: string) =>
    inSection.find((item) => item[field] === value)?.language;

  return (
    <div className="filters">
      {levels.length > 1 ? (
        <FilterSelect
          label={t('catalogue.level')}
          name="level"
          value={level}
          allLabel={t('catalogue.allLevels')}
          options={levels}
          optionLanguage={languageOf('level')}
          onChange={(value) => navigate(booksHref(section.id, value), { replace: true })}
        />
      ) : null}
      {subjectTitles.length > 1 ? (
        <FilterSelect
          label={t('books.subject')}
          name="subject"
          value={subject}
          allLabel={t('books.allSubjects')}
          options={subjectTitles}
          optionLanguage={languageOf('subjectTitle')}
          onChange={(value) => navigate(booksHref(section.id, level, value), { replace: true })}
        />
      ) : null}
    </div>
  );
}
