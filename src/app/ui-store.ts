import type { Alert, Toast } from '../../machines/messages';

/**
 * What the shell shows on top of the routes: the alert queue, the current toast and whether the cart
 * modal is open. Machines put things here through their provided actions; components read it with
 * useSyncExternalStore. Toast lifetimes come from the machines (durationMs); this store only keeps time.
 */
export interface UiState {
  readonly alerts: readonly Alert[];
  readonly toast: (Toast & { readonly id: number }) | null;
  readonly cartOpen: boolean;
}

export interface UiStore {
  getState(): UiState;
  subscribe(listener: () => void): () => void;
  showAlert(alert: Alert): void;
  dismissAlert(): void;
  showToast(toast: Toast): void;
  dismissToast(): void;
  setCartOpen(open: boolean): void;
}

export function createUiStore(
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): UiStore {
  let state: UiState = { alerts: [], toast: null, cartOpen: false };
  const listeners = new Set<() => void>();
  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  let nextToastId = 1;

  const set = (next: Partial<UiState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
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
      timers.clearTimeout(toastTimer);
      const id = nextToastId++;
      set({ toast: { ...toast, id } });
      // A toast that waits for an answer (Update / Later) has no lifetime: the machine replaces it.
      if (Number.isFinite(toast.durationMs) && toast.durationMs > 0) {
        toastTimer = timers.setTimeout(() => {
          if (state.toast?.id === id) set({ toast: null });
        }, toast.durationMs);
      }
    },
    dismissToast() {
      timers.clearTimeout(toastTimer);
      set({ toast: null });
    },
    setCartOpen: (open) => set({ cartOpen: open }),
  };
}
