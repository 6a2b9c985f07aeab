import { createContext, useContext, useEffect } from 'react';

/**
 * Where the dialogs say they are open: the app provides the shell's UI store (src/app/ui-store.ts), which
 * makes the toasts and the install banner step aside while one is (issue 18). Every dialog goes through the
 * shared components (Modal, AlertDialog, the blocking Loader), so no screen has to tell anyone.
 */
export interface DialogLayer {
  /** A dialog opened; the returned function says it closed. */
  openDialog(): () => void;
}

const NO_LAYER: DialogLayer = { openDialog: () => () => undefined };

export const DialogLayerContext = createContext<DialogLayer>(NO_LAYER);

/** Counts the calling dialog as open for as long as it is mounted. */
export function useOpenDialog(): void {
  const { openDialog } = useContext(DialogLayerContext);
  useEffect(() => openDialog(), [openDialog]);
}
