import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from './Toast';

interface UpdateToastProps {
  /** Under `messages.`: 'updateAvailable' ('New version available! Update now?'). */
  messageKey: string;
  updating: boolean;
  onUpdate: () => void;
  onLater: () => void;
  ref?: Ref<HTMLDivElement>;
}

/** The update question of docs/product.md §8: it stays until the student answers Update or Later. */
export function UpdateToast({ messageKey, updating, onUpdate, onLater, ref }: UpdateToastProps) {
  const { t } = useTranslation();
  return (
    <Toast
      {...(ref ? { ref } : {})}
      message={t(`messages.${messageKey}`)}
      actions={
        updating
          ? []
          : [
              { label: t('common.update'), onClick: onUpdate },
              { label: t('common.later'), onClick: onLater },
            ]
      }
    />
  );
}
