import { useTranslation } from 'react-i18next';
import { EyeIcon, ThumbDownIcon, ThumbUpIcon } from './icons';

interface VideoReactionsProps {
  likes: number;
  dislikes: number;
  views: number;
  /** A reaction is on its way: a second tap would toggle it back before the first answer. */
  busy: boolean;
  error: string | null;
  onLike: () => void;
  onDislike: () => void;
}

/** Views, and like / dislike toggles whose counts are the server's answer. */
export function VideoReactions({
  likes,
  dislikes,
  views,
  busy,
  error,
  onLike,
  onDislike,
}: VideoReactionsProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="reactions">
      <span className="reactions__views">
        <EyeIcon />
        {t('player.views', { count: views })}
      </span>
      <div className="reactions__buttons">
        <button type="button" className="reaction" onClick={onLike} disabled={busy} aria-busy={busy}>
          <ThumbUpIcon />
          <span className="visually-hidden">{t('player.like')}</span>{' '}
          <span data-testid="like-count">{number.format(likes)}</span>
        </button>
        <button type="button" className="reaction" onClick={onDislike} disabled={busy} aria-busy={busy}>
          <ThumbDownIcon />
          <span className="visually-hidden">{t('player.dislike')}</span>{' '}
          <span data-testid="dislike-count">{number.format(dislikes)}</span>
        </button>
      </div>
      {error ? (
        <p className="reactions__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
