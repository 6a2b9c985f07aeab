import type { Section } from '../../services/api/types';

/** The books route for a section, narrowed by level and subject when given. */
export const booksHref = (section: Section, level = '', subject = '') => {
  const query = new URLSearchParams({ section });
  if (level) query.set('level', level);
  if (subject) query.set('subject', subject);
  return `/books?${query.toString()}`;
};
