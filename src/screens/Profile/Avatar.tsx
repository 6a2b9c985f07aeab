import { useTranslation } from 'react-i18next';
import type { ClientUser } from '../../../contract/users';

/** The student's picture, or their initials on a coloured disc until they choose one. */
export function Avatar({ user, size }: { user: ClientUser; size: number }) {
  const { t } = useTranslation();
  if (user.profilePicture) {
    return (
      <img
        className="avatar"
        src={user.profilePicture}
        alt={t('profile.picture.alt', { username: user.username })}
        width={size}
        height={size}
        loading="lazy"
      />
    );
  }
  const initials =
    `${user.firstname?.[0] ?? ''}${user.lastname?.[0] ?? ''}`.toUpperCase() || user.username[0];
  return (
    <span className="avatar avatar--initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials}
    </span>
  );
}
