import type { Alert, Toast } from '../../machines/messages';

/**
 * What the shell shows on top of the routes: the alert queue, the current toast, whether the cart modal is
 * open, and how many dialogs (sheets, alerts, blocking loaders) are open anywhere in the app. Machines put
 * things here through their provided actions; components read it with useSyncExternalStore. Toast lifetimes
 * come from the machines (durationMs); this store only keeps time.
 */
export interface UiState {
  readonly alerts: readonly Alert[];
  readonly toast: (Toast & { readonly id: number }) | null;
  readonly cartOpen: boolean;
  /** Dialogs on screen (src/ui/dialog-layer.ts): while one is, the toasts and the install banner step aside. */
  readonly dialogs: number;
}

export interface UiStore {
  getState(): UiState;
  subscribe(listener: () => void): () => void;
  showAlert(alert: Alert): void;
  dismissAlert(): void;
  showToast(toast: Toast): void;
  dismissToast(): void;
  setCartOpen(open: boolean): void;
  /** A dialog has opened; the returned function says it closed (once, however often it is called). */
  openDialog(): () => void;
}

/**
 * Issue 18: the toasts and the install banner never cover a sheet, a dialog or its buttons. While a dialog
 * is open they are not drawn, and a toast's clock does not run: it is shown for its whole duration once the
 * last dialog has closed, so a student paying still learns, afterwards, that the app works offline.
 */
export const overlaysStepAside = (state: UiState): boolean => state.dialogs > 0;

/** The toast as it is on screen now: none while a dialog is open. */
export const selectVisibleToast = (state: UiState): UiState['toast'] =>
  overlaysStepAside(state) ? null : state.toast;

export function createUiStore(
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): UiStore {
  let state: UiState = { alerts: [], toast: null, cartOpen: false, dialogs: 0 };
  const listeners = new Set<() => void>();
  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  let nextToastId = 1;

  const set = (next: Partial<UiState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  /** Starts the shown toast's lifetime; a toast that waits for an answer (Update / Later) has none. */
  const startToastClock = () => {
    timers.clearTimeout(toastTimer);
    const toast = state.toast;
    if (!toast || overlaysStepAside(state)) return;
    if (Number.isFinite(toast.durationMs) && toast.durationMs > 0) {
      toastTimer = timers.setTimeout(() => {
        if (state.toast?.id === toast.id) set({ toast: null });
      }, toast.durationMs);
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    showAlert: (alert) => set({ alerts: [...state.alerts, alert] }),
    dismissAlert: () => set({ alerts: state.alerts.slice(1) }),
    showToast(toast) {
      set({ toast: { ...toast, id: nextToastId++ } });
      startToastClock();
    },
    dismissToast() {
      timers.clearTimeout(toastTimer);
      set({ toast: null });
    },
    setCartOpen: (open) => set({ cartOpen: open }),
    openDialog() {
      // The toast under way is held, not cut short: its clock starts again when the last dialog closes.
      timers.clearTimeout(toastTimer);
      set({ dialogs: state.dialogs + 1 });
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        set({ dialogs: state.dialogs - 1 });
        startToastClock();
      };
    },
  };
}
