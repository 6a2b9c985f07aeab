import { describe, expect, it } from 'vitest';
import type { StudyItem, Timetable } from '../../../src/rules/planner-docs';
import { buildAgenda } from '../../../src/screens/Planner/agenda';

// Monday 5 January 2026, 07:00 local time.
const NOW = new Date(2026, 0, 5, 7, 0).getTime();
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 0, day, hours, minutes);

const timetable: Timetable = {
  kind: 'timetable',
  id: 'week',
  revision: 1,
  deleted: false,
  dirty: false,
  changedAt: 0,
  data: {
    name: 'Form 5 A',
    days: [1, 2, 3, 4, 5],
    periods: [
      {
        id: 'maths',
        day: 1,
        start: '07:30',
        end: '08:25',
        subject: 'Mathematics',
        teacher: '',
        room: 'F5A',
        colour: '#1e88e5',
      },
      {
        id: 'chem',
        day: 3,
        start: '10:15',
        end: '11:10',
        subject: 'Chemistry',
        teacher: '',
        room: 'Lab',
        colour: '#43a047',
      },
    ],
  },
};
const item = (id: string, due: Date | null, done = false): StudyItem => ({
  kind: 'item',
  id,
  revision: 0,
  deleted: false,
  dirty: true,
  changedAt: 0,
  data: { listId: 'gce', title: id, due: due?.toISOString() ?? null, reminderMinutes: null, notes: '', done },
});

describe('buildAgenda (the schedule)', () => {
  it("names a saved scholarship's provider in the student's language", () => {
    const scholarship = {
      id: 'chevening',
      title: { en: 'Chevening', fr: 'Bourses Chevening' },
      provider: 'UK Government',
      providerName: { en: 'UK Government', fr: 'Gouvernement britannique' },
      deadline: at(6, 23, 59).toISOString(),
      url: 'https://example.org',
      savedAt: at(1, 9).toISOString(),
    };
    const agenda = (lang: 'en' | 'fr') =>
      buildAgenda({ now: NOW, lang, timetables: [], items: [], scholarships: [scholarship], expiries: [] })
        .flatMap((day) => day.entries)
        .map((entry) => (entry.kind === 'deadline' ? entry.provider : ''));
    expect(agenda('fr')).toEqual(['Gouvernement britannique']);
    expect(agenda('en')).toEqual(['UK Government']);
  });

  it('puts periods, items due, saved scholarship deadlines and access expiries on their days, for 7 days', () => {
    const days = buildAgenda({
      now: NOW,
      lang: 'fr',
      timetables: [timetable],
      items: [item('essay', at(6, 18)), item('undated', null), item('next month', at(28, 9))],
      scholarships: [
        {
          id: 'mastercard',
          title: { en: 'Mastercard Foundation Scholars', fr: 'Bourse Mastercard Foundation' },
          provider: 'Mastercard Foundation',
          deadline: at(7, 23, 59).toISOString(),
          url: 'https://example.org',
          savedAt: at(1, 9).toISOString(),
        },
      ],
      expiries: [
        { subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', expiresAt: at(9, 12).toISOString() },
      ],
    });
    expect(days.map((day) => new Date(day.day).getDate())).toEqual([5, 6, 7, 8, 9, 10, 11]);
    const summary = days.map((day) =>
      day.entries.map((entry) => {
        if (entry.kind === 'period') return `period ${entry.subject}`;
        if (entry.kind === 'expiry') return `expiry ${entry.subjectTitle}`;
        return `${entry.kind} ${entry.title}`;
      }),
    );
    const deadline = days[2]?.entries.find((entry) => entry.kind === 'deadline');
    // Saved before providers had two languages: the one name it has.
    expect(deadline?.kind === 'deadline' && deadline.provider).toBe('Mastercard Foundation');
    expect(summary).toEqual([
      ['period Mathematics'],
      ['item essay'],
      ['period Chemistry', 'deadline Bourse Mastercard Foundation'],
      [],
      ['expiry Mathematics Form 5'],
      [],
      [],
    ]);
  });

  it('keeps today’s periods already over on today’s list, and nothing of yesterday', () => {
    const days = buildAgenda({
      now: at(5, 12).getTime(),
      lang: 'en',
      timetables: [timetable],
      items: [item('late', at(4, 18))],
      scholarships: [],
      expiries: [],
    });
    expect(days[0]?.entries.map((e) => e.kind)).toEqual(['period']);
    expect(days.flatMap((d) => d.entries).some((e) => e.kind === 'item')).toBe(false);
  });
});
