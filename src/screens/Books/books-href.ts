import type { Section } from '../../../contract/common';

/** The books route for a section, narrowed by level and subject when given. */
export const booksHref = (section: Section, level = '', subject = '') => {
  const query = new URLSearchParams({ section });
  if (level) query.set('level', level);
  if (subject) query.set('subject', subject);
  return `/books?${query.toString()}`;
};
