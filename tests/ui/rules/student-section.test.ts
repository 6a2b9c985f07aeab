import { describe, expect, it } from 'vitest';
import type { Section } from '../../../contract/common';
import type { PaidSubject } from '../../../contract/users';
import { studentSection } from '../../../src/rules/student-section';
import { accessState } from '../../../src/rules/subject-access';

// Issue 18: home and the books open on the student's own section — from what they own, else from the
// language they read — where they opened on the anglophone section for everyone (docs/home.md).

const NOW = Date.parse('2026-03-01T10:00:00Z');
const DAY = 86_400_000;
const until = (days: number) => new Date(NOW + days * DAY).toISOString();

const paid = (subjectId: string, section: Section | undefined, days = 200): PaidSubject => ({
  subjectId,
  subjectTitle: `Title of ${subjectId}`,
  expiresAt: until(days),
  ...(section === undefined ? {} : { section }),
});

const CATALOGUE = [
  { _id: 'fr-maths-3e', subjectTitle: 'Mathématiques 3e', section: 'francophone' as const },
  { _id: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', section: 'anglophone' as const },
];

describe('studentSection', () => {
  it('follows the language when the student owns nothing', () => {
    expect(studentSection([], null, 'fr', NOW)).toBe('francophone');
    expect(studentSection([], null, 'fr-CM', NOW)).toBe('francophone');
    expect(studentSection([], CATALOGUE, 'en', NOW)).toBe('anglophone');
    expect(studentSection([], null, '', NOW)).toBe('anglophone');
  });

  it('follows what the student owns, whatever the language', () => {
    expect(studentSection([paid('fr-maths-3e', 'francophone')], null, 'en', NOW)).toBe('francophone');
    expect(studentSection([paid('ang-maths-f5', 'anglophone')], null, 'fr', NOW)).toBe('anglophone');
    expect(studentSection([paid('bac-maths', 'diploma-exams')], null, 'fr', NOW)).toBe('diploma-exams');
  });

  it('takes the section with the most subjects, the language’s own on a tie', () => {
    const two = [paid('a', 'anglophone'), paid('f1', 'francophone'), paid('f2', 'francophone')];
    expect(studentSection(two, null, 'en', NOW)).toBe('francophone');
    const tie = [paid('a', 'anglophone'), paid('f', 'francophone')];
    expect(studentSection(tie, null, 'fr', NOW)).toBe('francophone');
    expect(studentSection(tie, null, 'en', NOW)).toBe('anglophone');
    // A tie that the language does not settle: the section listed first.
    const exams = [paid('c', 'competitive-exams'), paid('d', 'diploma-exams')];
    expect(studentSection(exams, null, 'fr', NOW)).toBe('competitive-exams');
  });

  it('counts the subjects still open first, the expired ones only when nothing is open', () => {
    const mixed = [paid('a1', 'anglophone', -3), paid('a2', 'anglophone', -3), paid('f', 'francophone', 30)];
    expect(studentSection(mixed, null, 'en', NOW)).toBe('francophone');
    const allExpired = [
      paid('a1', 'anglophone', -3),
      paid('f', 'francophone', -40),
      paid('a2', 'anglophone', -1),
    ];
    expect(studentSection(allExpired, null, 'fr', NOW)).toBe('anglophone');
  });

  it('counts as open exactly what accessState does not call expired (its own copy: the page runs it as source text)', () => {
    for (const expiresAt of [until(0), new Date(NOW + 1).toISOString(), until(-1), 'not a date']) {
      const entries = [paid('a', 'anglophone', -10), { ...paid('f', 'francophone'), expiresAt }];
      const open = accessState(expiresAt, NOW) !== 'expired';
      // Open, the francophone entry alone counts; expired, both count and the tie goes to the language.
      expect(studentSection(entries, null, 'en', NOW), expiresAt).toBe(open ? 'francophone' : 'anglophone');
    }
  });

  it('finds the section of an entry stored by an older app in the catalogue, by id then title', () => {
    const older: PaidSubject = { subjectId: 'fr-maths-3e', subjectTitle: 'x', expiresAt: until(30) };
    expect(studentSection([older], CATALOGUE, 'en', NOW)).toBe('francophone');
    const byTitle: PaidSubject = {
      subjectId: 'old-id',
      subjectTitle: 'Mathématiques 3e',
      expiresAt: until(30),
    };
    expect(studentSection([byTitle], CATALOGUE, 'en', NOW)).toBe('francophone');
    // Not there (yet): the language decides meanwhile.
    expect(studentSection([older], null, 'en', NOW)).toBe('anglophone');
  });
});
