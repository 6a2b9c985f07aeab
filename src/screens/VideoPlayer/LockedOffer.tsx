import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Video } from '../../../contract/videos';
import { selectCartItems } from '../../../machines/cart';
import { useAppActors } from '../../app/actors-context';
import { useResource } from '../../app/use-resource';
import { formatFcfa } from '../../rules/money';
import { cartSubjectOf } from '../../rules/subject-access';
import { HaveCodeLink } from '../../ui/HaveCodeLink';
import { Loader } from '../../ui/Loader';
import { LoadFailure } from '../../ui/OfflineStates';

/** An unpaid or expired subject: what it costs and the way to buy it, instead of the player. */
export function LockedOffer({ video }: { video: Video }) {
  const { t, i18n } = useTranslation();
  const { cart, ui } = useAppActors();
  // The catalogue is cached for the session: the player already loaded it to tell free subjects apart.
  const subjects = useResource((api) => api.fetchSubjects(), undefined, { keep: 'subjects' });
  const subject = subjects.data?.find((candidate) => candidate._id === video.subjectId) ?? null;
  const inCart = useSelector(cart, (s) => selectCartItems(s).some((item) => item._id === video.subjectId));

  let price: ReactNode;
  if (subjects.loading) price = <Loader label={t('player.priceLoading')} />;
  else if (subjects.error !== null) price = <LoadFailure resource={subjects} />;
  else if (subject) {
    price = (
      <p className="locked__price">
        <span>{t('player.price')}</span>
        <strong>{formatFcfa(subject.price, i18n.language)}</strong>
      </p>
    );
  } else price = <p className="hint">{t('player.priceUnavailable')}</p>;

  return (
    <section className="locked" aria-labelledby="locked-title">
      <img
        className="locked__poster"
        src={video.thumbnailUrl}
        alt=""
        width={640}
        height={360}
        loading="lazy"
        decoding="async"
      />
      <div className="locked__body">
        <h2 id="locked-title" className="locked__title">
          {t('player.lockedTitle', { subjectTitle: video.subjectTitle })}
        </h2>
        <p className="locked__message">{t('player.lockedMessage')}</p>
        {price}
        <button
          type="button"
          className="btn btn--block"
          disabled={!subject}
          onClick={() =>
            subject &&
            cart.send({
              type: 'cart.add',
              item: cartSubjectOf(subject),
            })
          }
        >
          {t('player.addToCart')}
        </button>
        {inCart ? (
          <div className="locked__added" role="status">
            <p>{t('player.addedToCart', { subjectTitle: video.subjectTitle })}</p>
            <button
              type="button"
              className="btn btn--secondary btn--block"
              onClick={() => ui.setCartOpen(true)}
            >
              {t('player.openCart')}
            </button>
          </div>
        ) : null}
        <HaveCodeLink block />
      </div>
    </section>
  );
}
