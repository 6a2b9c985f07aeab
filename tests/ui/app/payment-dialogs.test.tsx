import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentOutcomeView } from '../../../machines/mobileMoney';
import type { PendingPayment } from '../../../machines/types';
import { ShellOverlays } from '../../../src/app/ShellOverlays';
import { createStoredRecords } from '../../../src/services/stored-records';
import { AlertDialog } from '../../../src/ui/AlertDialog';
import { PaymentMethodDialog } from '../../../src/ui/PaymentMethodDialog';
import { PaymentOutcomeDialog } from '../../../src/ui/PaymentOutcomeDialog';
import { STUDENT } from '../../machines/session.model';
import { createTestI18n, renderWithApp } from '../helpers/render-app';

// Issue 18: a payment that did not complete speaks to a worried student, in their language: docs/product.md §4's
// sentence with the status named in words, what happened, whether money was taken, what to do, and the ways
// on (Try again, Use another number); Orange Money reads as not available before it is tapped; the French
// alerts are formal.

const PHONE = '23746733123451';

function renderOutcome(outcome: PaymentOutcomeView['outcome'], lang: 'en' | 'fr' = 'en') {
  const i18n = createTestI18n(lang);
  const handlers = {
    onTryAgain: vi.fn(),
    onOtherNumber: vi.fn(),
    onDismiss: vi.fn(),
    onCheckAgain: vi.fn(),
    onLater: vi.fn(),
  };
  render(
    <I18nextProvider i18n={i18n}>
      <PaymentOutcomeDialog
        outcome={outcome}
        phone={PHONE}
        header={i18n.t('common.alertHeader', { username: 'amina' })}
        {...handlers}
      />
    </I18nextProvider>,
  );
  return { dialog: screen.getByRole('alertdialog'), ...handlers };
}

const buttonNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .map((button) => button.textContent);

/** The provider's words and English ones a French student must never read (issue 18). */
const NOT_FRENCH = /FAILED|REJECTED|EXPIRED|PENDING|APPROVAL|PAYER|Status|Try again|another number|money/;

describe('a payment that did not complete', () => {
  it.each([
    ['refused', 'Declined', 'The payment was declined on the phone 23746733123451.'],
    ['failed', 'Failed', 'MTN Mobile Money could not complete the payment from 23746733123451'],
    ['expired', 'Expired', 'The payment was not approved in time on the phone 23746733123451.'],
    ['numberCannotPay', 'Number not accepted', 'The number 23746733123451 cannot pay with MTN Mobile Money'],
  ] as const)(
    '%s: the status in words, what happened, no money taken, what to do',
    (outcome, status, what) => {
      const { dialog } = renderOutcome(outcome);
      expect(dialog).toHaveAccessibleName('Hey amina');
      expect(dialog).toHaveAccessibleDescription(`Payment was not completed. Status: ${status}`);
      expect(dialog).toHaveTextContent(what);
      expect(dialog).toHaveTextContent(/No money was taken/);
      expect(dialog).not.toHaveTextContent(/FAILED|REJECTED|APPROVAL|PAYER_NOT_FOUND/);
    },
  );

  it.each([
    ['refused', 'Refusé', 'Le paiement a été refusé sur le téléphone 23746733123451.'],
    ['failed', 'Échoué', "MTN Mobile Money n'a pas pu effectuer le paiement depuis le 23746733123451"],
    ['expired', 'Expiré', "Le paiement n'a pas été validé à temps sur le téléphone 23746733123451."],
    ['numberCannotPay', 'Numéro non accepté', 'Le numéro 23746733123451 ne peut pas payer'],
    ['pending', 'En attente', "MTN n'a pas encore répondu pour le paiement depuis le 23746733123451."],
  ] as const)('%s reads in formal French, with no English word', (outcome, status, what) => {
    const { dialog } = renderOutcome(outcome, 'fr');
    expect(dialog).toHaveAccessibleName('Bonjour amina');
    expect(dialog).toHaveAccessibleDescription(`Le paiement n'a pas abouti. Statut : ${status}`);
    expect(dialog).toHaveTextContent(what);
    expect(dialog).toHaveTextContent(/Aucun argent n'(a été|est) prélevé/);
    expect(dialog).not.toHaveTextContent(NOT_FRENCH);
    expect(dialog).not.toHaveTextContent(/\b(tu|ton|ta|tes|Salut)\b/);
  });

  it('offers Try again first, then Use another number, then OK; each says what the student chose', async () => {
    const user = userEvent.setup();
    const { dialog, onTryAgain, onOtherNumber, onDismiss } = renderOutcome('refused');
    expect(buttonNames(dialog)).toEqual(['Try again', 'Use another number', 'OK']);
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await user.click(within(dialog).getByRole('button', { name: 'Use another number' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect([onTryAgain, onOtherNumber, onDismiss].map((handler) => handler.mock.calls.length)).toEqual([
      1, 1, 1,
    ]);
  });

  it('puts another number first when the number cannot pay', () => {
    const { dialog } = renderOutcome('numberCannotPay', 'fr');
    expect(buttonNames(dialog)).toEqual(['Utiliser un autre numéro', 'Réessayer', 'OK']);
    expect(within(dialog).getByRole('button', { name: 'Utiliser un autre numéro' })).toHaveFocus();
  });
});

describe('a payment MTN has not answered', () => {
  it('says no money is taken unless approved, and offers only Check again or Later: never a second payment', async () => {
    const user = userEvent.setup();
    const { dialog, onCheckAgain, onLater, onTryAgain } = renderOutcome('pending');
    expect(dialog).toHaveAccessibleDescription('Payment was not completed. Status: Pending');
    expect(dialog).toHaveTextContent('No money is taken unless you approve the request on your phone.');
    expect(dialog).toHaveTextContent('Do not pay again');
    expect(buttonNames(dialog)).toEqual(['Check again', 'Later']);
    await user.click(within(dialog).getByRole('button', { name: 'Check again' }));
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect([onCheckAgain.mock.calls.length, onLater.mock.calls.length, onTryAgain.mock.calls.length]).toEqual(
      [1, 1, 0],
    );
  });
});

describe('a plain alert', () => {
  it('keeps its one OK button, focused (docs/product.md §8)', () => {
    render(<AlertDialog header="Hey amina" message="Your cart is empty" okLabel="OK" onOk={() => {}} />);
    expect(buttonNames(screen.getByRole('alertdialog'))).toEqual(['OK']);
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });
});

describe('the payment method', () => {
  it('shows MTN first and Orange Money as coming soon before it is tapped; the tap still answers', async () => {
    const user = userEvent.setup();
    const onOrange = vi.fn();
    render(
      <I18nextProvider i18n={createTestI18n('fr')}>
        <PaymentMethodDialog total="2 500 FCFA" onMtn={() => {}} onOrange={onOrange} onCancel={() => {}} />
      </I18nextProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Comment voulez-vous payer ?' });
    expect(buttonNames(dialog).slice(1)).toEqual([
      'MTN Mobile Money',
      'Orange Money Bientôt disponible',
      'Annuler',
    ]);
    const orange = within(dialog).getByRole('button', { name: 'Orange Money Bientôt disponible' });
    expect(orange).toBeEnabled();
    await user.click(orange);
    expect(onOrange).toHaveBeenCalledTimes(1);
  });
});

// The dialogs with the real checkout and mobile money machines, as the cart's checkout runs them.
describe('the checkout with a refused payment', () => {
  const line = {
    _id: 's1',
    subjectTitle: 'Mathematics Form 5',
    pictureurl: '/m.webp',
    price: 2500,
    amount: 1,
  };
  const pending: PendingPayment = {
    referenceId: '3f1c9d2e-8b47-4a61-9c0e-5d2f7a8b9c10',
    startedAt: Date.now(),
    phone: PHONE,
    items: [line],
    amount: 2500,
  };

  async function resumeRefused(lang: 'en' | 'fr' = 'en') {
    const requestToPay = vi.fn(() => new Promise<never>(() => {}));
    const view = renderWithApp(<ShellOverlays />, {
      lang,
      storage: { language: lang },
      api: {
        requestToPay,
        getPaymentStatus: async () => ({ success: true, status: 'FAILED', reason: 'APPROVAL_REJECTED' }),
      },
    });
    const checkout = await view.context.checkout.load();
    // A payment resumed from the device is checked at once: its answer is the refusal.
    act(() => checkout.send({ type: 'checkout.resume', pending, user: STUDENT, now: Date.now() }));
    return { dialog: await screen.findByRole('alertdialog'), requestToPay, view };
  }

  it('Try again asks a new payment of the same cart from the same number', async () => {
    const { dialog, requestToPay } = await resumeRefused();
    expect(dialog).toHaveAccessibleDescription('Payment was not completed. Status: Declined');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(requestToPay).toHaveBeenCalledTimes(1);
    expect(requestToPay.mock.calls[0]).toEqual([
      expect.objectContaining({
        amount: '2500',
        payer: { partyIdType: 'MSISDN', partyId: PHONE },
        items: [{ subjectId: 's1', amount: 1 }],
      }),
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Confirm the payment of 2 500 FCFA on your phone',
    );
  });

  it('Use another number goes back to the prompt, prefilled with the number used', async () => {
    const { dialog, requestToPay } = await resumeRefused('fr');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Utiliser un autre numéro' }));
    const prompt = await screen.findByRole('dialog', { name: 'MTN Mobile Money' });
    expect(within(prompt).getByLabelText('Numéro MTN Mobile Money')).toHaveValue(PHONE);
    expect(requestToPay).not.toHaveBeenCalled();
  });

  it('OK leaves it there: nothing is asked, nothing is left to resume', async () => {
    const { dialog, requestToPay, view } = await resumeRefused();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestToPay).not.toHaveBeenCalled();
    expect(createStoredRecords(view.storage).getPendingPayment()).toBeNull();
  });
});
