import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

interface PhonePromptProps {
  phone: string;
  total: string;
  onChange: (phone: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/** docs/product.md §5: the number is prefilled with 237; submitted by Enter or the button; Cancel aborts. */
export function PhonePrompt({ phone, total, onChange, onSubmit, onCancel }: PhonePromptProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  return (
    <Modal title={t('checkout.mtn')} closeLabel={t('common.close')} onClose={onCancel}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <p>{t('checkout.amountToPay', { total })}</p>
        <label htmlFor={inputId}>{t('checkout.phoneLabel')}</label>
        <input
          id={inputId}
          className="input"
          type="tel"
          name="phonenumber"
          autoComplete="tel"
          inputMode="tel"
          value={phone}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.value)}
        />
        <small id={hintId} className="hint">
          {t('checkout.phoneHint')}
        </small>
        <button type="submit" className="btn btn--block btn--mtn">
          {t('checkout.pay')}
        </button>
        <button type="button" className="btn btn--block btn--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </form>
    </Modal>
  );
}
