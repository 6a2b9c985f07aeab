import { useSelector } from '@xstate/react';
import type { Subject } from '../../../contract/catalogue';
import { expiryNotices } from '../../../machines/reminderPlan';
import { selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { paidSubjectsOf } from '../../rules/subject-access';
import { ExpiryBanner } from '../../ui/ExpiryBanner';
import { useAddToCart } from '../Home/use-add-to-cart';

/**
 * The 7-day / 1-day access-expiry banner of home and study-sections: Renew puts the subject in the cart. The
 * screen passes the catalogue it already loaded (prices and pictures come from there).
 */
export function ExpiryNotices({ catalogue }: { catalogue: readonly Subject[] | null }) {
  const { session, now } = useAppActors();
  const user = useSelector(session, selectUser);
  const cartActions = useAddToCart();
  const notices = expiryNotices(paidSubjectsOf(user), now()).filter((notice) =>
    catalogue?.some((subject) => subject._id === notice.subjectId),
  );
  return (
    <ExpiryBanner
      notices={notices}
      onRenew={(subjectId) => {
        const subject = catalogue?.find((s) => s._id === subjectId);
        if (subject) cartActions.add(subject);
      }}
    />
  );
}
