import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeProblem } from '../../../machines/redeemCode';
import { FormField } from '../../ui/FormField';
import { FormError } from '../../ui/FormMessage';
import { SubmitButton } from '../../ui/SubmitButton';

/** The most characters the server takes for a code (its spaces and dashes included), typed or from a link. */
export const CODE_FIELD_MAX = 64;

export interface RedeemCodeFormProps {
  code: string;
  problem: CodeProblem | null;
  /** The server's refusal, already translated. */
  error: string | null;
  checking: boolean;
  heldBack: boolean;
  onChange: (value: string) => void;
  onSubmit: () => void;
}

/** The code field and its one button; what is wrong with the code under the field, the refusal above the button. */
export function RedeemCodeForm({
  code,
  problem,
  error,
  checking,
  heldBack,
  onChange,
  onSubmit,
}: RedeemCodeFormProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="stack" noValidate onSubmit={submit}>
      <FormField
        name="serialNumberHolder"
        label={t('redeem.field')}
        hint={t('redeem.hint')}
        value={code}
        onChange={onChange}
        error={problem === null ? undefined : `redeem.problem.${problem}`}
        autoComplete="off"
        maxLength={CODE_FIELD_MAX}
      />
      <FormError message={error} />
      <SubmitButton
        label={heldBack ? t('redeem.wait') : t('redeem.submit')}
        busyLabel={heldBack ? t('redeem.wait') : t('redeem.checking')}
        busy={checking || heldBack}
      />
    </form>
  );
}
