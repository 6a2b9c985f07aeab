import { addMessages } from '../../lib/i18n';

/** The payments module's (and the shop orders') `msg` texts, in both languages (docs/product.md §8 wording where it has one). */
export function registerPaymentMessages(): void {
  addMessages({
    en: {
      paymentSucceeded:
        'You have successfully paid for your interested subjects. Please go to study now to start studying',
      paymentNotCompleted: 'Payment was not completed. Status: {status}',
      // A status named in words (issue 18), as the app names it (public/assets/i18n, checkout.status).
      paymentStatus_successful: 'Successful',
      paymentStatus_pending: 'Pending',
      paymentStatus_refused: 'Declined',
      paymentStatus_expired: 'Expired',
      paymentStatus_numberCannotPay: 'Number not accepted',
      paymentStatus_failed: 'Failed',
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
      paymentIsOrder: 'This payment is a shop order, not a payment for subjects.',
      orderUnknownProduct: "Unknown product '{productId}'.",
      orderOutOfStock: 'Sorry, this product is out of stock. Nothing was charged.',
      orderNotEnoughStock:
        'Only {stock} left in stock. Please choose a smaller quantity. Nothing was charged.',
      orderNotFound: 'Order not found.',
    },
    fr: {
      paymentSucceeded:
        'Vous avez payé les matières qui vous intéressent. Allez maintenant dans vos études pour commencer à étudier',
      paymentNotCompleted: "Le paiement n'a pas abouti. Statut : {status}",
      paymentStatus_successful: 'Réussi',
      paymentStatus_pending: 'En attente',
      paymentStatus_refused: 'Refusé',
      paymentStatus_expired: 'Expiré',
      paymentStatus_numberCannotPay: 'Numéro non accepté',
      paymentStatus_failed: 'Échoué',
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
      paymentIsOrder: 'Ce paiement est une commande de la boutique, pas un paiement de matières.',
      orderUnknownProduct: 'Produit inconnu « {productId} ».',
      orderOutOfStock: "Désolé, ce produit est en rupture de stock. Rien n'a été débité.",
      orderNotEnoughStock:
        "Il n'en reste que {stock} en stock. Veuillez choisir une quantité plus petite. Rien n'a été débité.",
      orderNotFound: 'Commande introuvable.',
    },
  });
}
