import { useTranslation } from 'react-i18next';
import type { FieldErrors, FormValues } from '../../../machines/form';
import type { FormFieldProps } from '../../ui/FormField';
import { FormField } from '../../ui/FormField';

type FieldSpec = Pick<FormFieldProps, 'name' | 'type' | 'autoComplete' | 'inputMode'> & { hintKey?: string };

// The six fields of docs/product.md §3's register payload, named as the payload names them.
const FIELDS: readonly FieldSpec[] = [
  { name: 'firstname', autoComplete: 'given-name' },
  { name: 'lastname', autoComplete: 'family-name' },
  { name: 'email', type: 'email', inputMode: 'email', autoComplete: 'email' },
  { name: 'username', autoComplete: 'username', hintKey: 'account.fields.usernameHint' },
  {
    name: 'password',
    type: 'password',
    autoComplete: 'new-password',
    hintKey: 'account.fields.passwordHint',
  },
  {
    name: 'phonenumber',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    hintKey: 'account.fields.phoneHint',
  },
];

interface RegisterFieldsProps {
  values: FormValues;
  errors: FieldErrors;
  onChange: (name: string, value: string) => void;
}

export function RegisterFields({ values, errors, onChange }: RegisterFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      {FIELDS.map(({ name, hintKey, ...input }) => (
        <FormField
          key={name}
          name={name}
          {...input}
          label={t(`account.fields.${name}`)}
          hint={hintKey ? t(hintKey) : undefined}
          required
          value={values[name] ?? ''}
          error={errors[name]}
          onChange={(value) => onChange(name, value)}
        />
      ))}
    </>
  );
}
