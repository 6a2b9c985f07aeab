import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartSubject } from '../../../contract/catalogue';
import { selectCartItems } from '../../../machines/cart';
import { useAppActors } from '../../app/actors-context';
import { cartSubjectOf } from '../../rules/subject-access';

/**
 * Adding subjects to the cart from a list: sends `cart.add`, says so to screen readers, and tells each
 * card how many access periods of its subject the cart already holds.
 */
export function useAddToCart() {
  const { t } = useTranslation();
  const { cart, ui } = useAppActors();
  const items = useSelector(cart, selectCartItems);
  const [announcement, setAnnouncement] = useState('');
  return {
    announcement,
    amountInCart: (id: string) => items.find((line) => line._id === id)?.amount ?? 0,
    add(subject: CartSubject) {
      cart.send({ type: 'cart.add', item: cartSubjectOf(subject) });
      setAnnouncement(t('catalogue.added', { title: subject.subjectTitle }));
    },
    openCart: () => ui.setCartOpen(true),
  };
}
