import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataExportResponse } from '../../contract/users';
import { formatFcfa } from '../rules/money';
import { type MyDataFile, saveMyData } from '../services/account/my-data';
import { formatDate } from '../ui/DateText';
import { useForm } from './use-form';

/**
 * "Download my data": the export asked of the server through the form machine (a failure shows the server's
 * translated message, a 429 says when to come back), then saved as the file chosen. `busy` names the file
 * being prepared; `saved` the name of the last one saved.
 */
export function useMyData() {
  const { t, i18n } = useTranslation();
  const file = useRef<MyDataFile>('json');
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<DataExportResponse>({
    // No field to check: the export takes none.
    rules: 'profile',
    initialValues: {},
    submit: (api) => api.exportMyData(),
    onSuccess: (answer) => {
      const lang = i18n.language;
      setSaved(
        saveMyData(answer.data, file.current, t, {
          date: (iso) => formatDate(iso, lang),
          money: (amount) => formatFcfa(amount, lang),
        }),
      );
    },
  });
  return {
    busy: form.submitting ? file.current : null,
    error: form.error,
    saved,
    download(chosen: MyDataFile) {
      file.current = chosen;
      setSaved(null);
      if (form.succeeded) form.reset();
      form.submit();
    },
  };
}
