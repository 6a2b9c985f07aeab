import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientUser, UserResponse } from '../../../contract/users';
import { useForm } from '../../app/use-form';
import { FormMessage } from '../../ui/FormMessage';
import '../../ui/form-field.css';
import { Avatar } from './Avatar';
import { checkPicture, PICTURE_TYPES } from './picture-check';

interface PictureFormProps {
  user: ClientUser;
  onSaved: (user: ClientUser) => void;
}

/** Choosing a picture uploads it at once; a wrong type or size is refused before anything is sent. */
export function PictureForm({ user, onSaved }: PictureFormProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const chosen = useRef<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<UserResponse>({
    // Nothing typed to check: the file itself was checked when it was chosen.
    rules: 'profile',
    initialValues: { picture: '' },
    submit: (api) => {
      const file = chosen.current;
      if (!file) return Promise.reject(new Error('no picture chosen'));
      return api.updateProfilePicture(file, file.name);
    },
    onSuccess: (answer) => onSaved(answer.user),
  });
  const error = fileError ? t(fileError) : form.error;

  return (
    <div className="profile-picture">
      <Avatar user={user} size={96} />
      <div className="profile-picture__actions">
        <input
          id={inputId}
          className="profile-picture__input visually-hidden"
          type="file"
          name="picture"
          accept={PICTURE_TYPES.join(',')}
          disabled={form.submitting}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const problem = checkPicture(file);
            setFileError(problem);
            if (problem) return;
            chosen.current = file;
            if (form.succeeded) form.reset();
            form.change('picture', file.name);
            form.submit();
          }}
        />
        <label htmlFor={inputId} className="btn btn--secondary profile-picture__button">
          {form.submitting ? t('profile.picture.uploading') : t('profile.picture.change')}
        </label>
        <small className="hint">{t('profile.picture.hint')}</small>
        {form.submitting ? (
          <span className="visually-hidden" role="status">
            {t('profile.picture.uploading')}
          </span>
        ) : null}
        {error ? (
          <p id={errorId} className="form-field__error" role="alert">
            {error}
          </p>
        ) : null}
        {form.succeeded && !fileError ? (
          <FormMessage tone="success">
            <p>{t('profile.picture.saved')}</p>
          </FormMessage>
        ) : null}
      </div>
    </div>
  );
}
