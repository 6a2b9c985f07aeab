import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../ui/FormMessage';
import type { LoginNote } from './return-path';

/** The confirmation a previous screen left (account created, password reset, logged out everywhere). */
export function LoginNoteMessage({ note }: { note: LoginNote | null }) {
  const { t } = useTranslation();
  if (!note) return null;
  return (
    <FormMessage tone="success">
      <p>{t(`account.notes.${note}`)}</p>
    </FormMessage>
  );
}
