import type { TestApp, TestStudent } from './app';

/** The planner's timetable data and its one write call (docs/api.md "Planner"), for the planner suites. */

/** One period of a timetable: a subject on a day (1 = Monday) from `start` to `end` (HH:MM). */
export const timetablePeriod = (id: string, day: number, start: string, end: string, subject: string) => ({
  id,
  day,
  start,
  end,
  subject,
  teacher: 'Mrs Fon',
  room: 'F5A',
  colour: '#1e88e5',
});
export type TimetablePeriod = ReturnType<typeof timetablePeriod>;

/** A timetable document's data: its name, the school days it shows and its periods. */
export const timetableData = (periods: TimetablePeriod[], name = 'Form 5 A', days = [1, 2, 3, 4, 5]) => ({
  name,
  days,
  periods,
});

/** A write: the revision the device started from, and the document (or its deletion). */
export interface PlannerWrite {
  baseRevision: number;
  deleted?: boolean;
  data: unknown;
}

/** PUT planner/{kind}/{id} as the student's device sends it, in `language`. */
export function putPlannerDocument<Answer>(
  t: TestApp,
  student: TestStudent,
  kind: string,
  id: string,
  body: PlannerWrite,
  language = 'en',
) {
  return t.request<Answer>({
    method: 'PUT',
    url: `/planner/${kind}/${id}`,
    headers: { ...student.headers, 'accept-language': language },
    payload: body,
  });
}
