import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { AlertDialog } from '../../../src/ui/AlertDialog';
import { type DialogLayer, DialogLayerContext } from '../../../src/ui/dialog-layer';
import { Loader } from '../../../src/ui/Loader';
import { Modal } from '../../../src/ui/Modal';
import { PaymentWaiting } from '../../../src/ui/PaymentWaiting';
import { createTestI18n } from '../helpers/render-app';

// Issue 18: the toasts and the install banner step aside while anything covers the screen. They learn it
// from the dialog layer, which every covering component tells by itself: a screen never has to.

/** Renders `element` under a dialog layer that records what opened and what closed. */
function renderInLayer(element: ReactElement) {
  const closed = vi.fn();
  const layer: DialogLayer = { openDialog: vi.fn(() => closed) };
  const view = render(
    <I18nextProvider i18n={createTestI18n('fr')}>
      <DialogLayerContext.Provider value={layer}>{element}</DialogLayerContext.Provider>
    </I18nextProvider>,
  );
  return { opened: layer.openDialog, closed, unmount: view.unmount };
}

describe('what covers the screen counts as an open dialog while it is there', () => {
  it.each([
    [
      'a sheet',
      <Modal key="m" title="Panier" closeLabel="Fermer" onClose={() => undefined}>
        <p>Votre panier est vide.</p>
      </Modal>,
    ],
    [
      'an alert',
      <AlertDialog key="a" header="Bonjour amina" message="…" okLabel="OK" onOk={() => undefined} />,
    ],
    ['a blocking wait', <Loader key="l" overlay label="Chargement…" />],
    ['the wait for MTN’s approval', <PaymentWaiting key="p" total="2 500 FCFA" />],
  ])('%s', (_name, element) => {
    const { opened, closed, unmount } = renderInLayer(element);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(closed).not.toHaveBeenCalled();
    unmount();
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('a wait inside the page does not: the toasts stay', () => {
    const { opened } = renderInLayer(<Loader label="Chargement…" />);
    expect(opened).not.toHaveBeenCalled();
  });

  it('the wait for MTN says what to do on the phone, in French, above its hint', () => {
    renderInLayer(<PaymentWaiting total="2 500 FCFA" />);
    const status = screen.getByRole('status');
    expect(status.querySelector('strong')?.textContent).toContain('2 500 FCFA');
    expect(status.querySelector('.loader__label')?.textContent).not.toBe('');
  });
});
