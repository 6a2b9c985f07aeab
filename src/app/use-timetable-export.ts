import { icsFileName, timetableToIcs } from '../rules/ics';
import type { Timetable } from '../rules/planner-docs';
import { downloadTextFile, printPage } from '../services/planner/file-export';
import { useAppActors } from './actors-context';

/** What the printable timetable view does with the device: the print dialog, and the calendar file saved. */
export function useTimetableExport(): { print(): void; saveCalendar(timetable: Timetable): void } {
  const { now } = useAppActors();
  return {
    print: printPage,
    saveCalendar: (timetable) =>
      downloadTextFile(icsFileName(timetable.data.name), timetableToIcs(timetable, now()), 'text/calendar'),
  };
}
