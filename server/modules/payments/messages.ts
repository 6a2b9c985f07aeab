import { addMessages } from '../../lib/i18n';

/** The payments module's `msg` texts, in both languages (SPEC.md §8 wording where it has one). */
export function registerPaymentMessages(): void {
  addMessages({
    en: {
      paymentSucceeded:
        'You have successfully paid for your interested subjects. Please go to study now to start studying',
      paymentNotCompleted: 'Payment was not completed. Status: {status}',
      paymentTotalMismatch:
        'The amount does not match the current prices of your cart. Please refresh it and try again.',
      paymentCartMismatch: 'These subjects or this total do not match the payment.',
      paymentReferenceReused: 'This payment reference was already used for another cart.',
      paymentAmountDisagrees: 'The amount paid does not match this order. Please contact support.',
      paymentUnknownSubject: "Unknown subject '{subjectId}'.",
      paymentDuplicateSubject: "Subject '{subjectId}' appears twice in the cart.",
      paymentFree: 'There is nothing to pay for.',
      paymentNotFound: 'Payment not found.',
      paymentNotYours: 'This payment does not belong to you.',
      paymentProviderDown: 'The mobile money service is unavailable. Please try again later.',
    },
    fr: {
      paymentSucceeded:
        'Vous avez payé les matières qui vous intéressent. Allez maintenant dans vos études pour commencer à étudier',
      paymentNotCompleted: "Le paiement n'a pas abouti. Statut : {status}",
      paymentTotalMismatch:
        'Le montant ne correspond pas aux prix actuels de votre panier. Veuillez le rafraîchir et réessayer.',
      paymentCartMismatch: 'Ces matières ou ce total ne correspondent pas au paiement.',
      paymentReferenceReused: 'Cette référence de paiement a déjà servi pour un autre panier.',
      paymentAmountDisagrees:
        'Le montant payé ne correspond pas à cette commande. Veuillez contacter le support.',
      paymentUnknownSubject: 'Matière inconnue « {subjectId} ».',
      paymentDuplicateSubject: 'La matière « {subjectId} » figure deux fois dans le panier.',
      paymentFree: "Il n'y a rien à payer.",
      paymentNotFound: 'Paiement introuvable.',
      paymentNotYours: 'Ce paiement ne vous appartient pas.',
      paymentProviderDown: 'Le service de mobile money est indisponible. Veuillez réessayer plus tard.',
    },
  });
}
