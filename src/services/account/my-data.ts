import type { DataExport } from '../../../contract/users';
import type { Formats, MyDataFile, Translate } from '../../rules/my-data-summary';
import { myDataFileName, myDataSummary } from '../../rules/my-data-summary';
import { downloadTextFile } from '../planner/file-export';

/** Saves the export as the file asked for; returns its name, for the screen to say. */
export function saveMyData(data: DataExport, file: MyDataFile, t: Translate, formats: Formats): string {
  const name = myDataFileName(data, file, t);
  if (file === 'json') downloadTextFile(name, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
  else downloadTextFile(name, myDataSummary(data, t, formats), 'text/plain;charset=utf-8');
  return name;
}
