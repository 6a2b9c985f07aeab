import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scholarship } from '../../contract/content';
import type { SavedScholarship } from '../rules/saved-scholarship';
import { useAppActors } from './actors-context';
import { useContentStores } from './content-stores';
import { useResource } from './use-resource';

/** Whether one scholarship is saved on the device, and the buttons to save it or take it off. */
export function useSavedScholarship(id: string) {
  const { t } = useTranslation();
  const { now } = useAppActors();
  const { savedScholarships } = useContentStores();
  const entry = useResource(
    async (_api, scholarshipId: string): Promise<SavedScholarship | null> =>
      (await savedScholarships.list()).find((item) => item.id === scholarshipId) ?? null,
    id,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch {
      setError(t('scholarships.saveFailed'));
    } finally {
      setBusy(false);
      entry.reload();
    }
  };
  return {
    saved: entry.data ?? null,
    busy,
    error,
    save: (scholarship: Scholarship) => change(() => savedScholarships.save(scholarship, now())),
    remove: () => change(() => savedScholarships.remove(id)),
  };
}
