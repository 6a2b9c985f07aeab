import { describe, expect, it, vi } from 'vitest';
import { createUiStore, overlaysStepAside, selectVisibleToast } from '../../../src/app/ui-store';

// Issue 18: while a dialog is open the toasts step aside; a toast's time on screen is counted only while it
// is seen, so a student who was paying still reads 'App is ready for offline use!' afterwards.

describe('the UI store', () => {
  it('holds a toast while a dialog is open, then shows it for its whole duration', () => {
    vi.useFakeTimers();
    try {
      const ui = createUiStore();
      const closeSheet = ui.openDialog();
      expect(overlaysStepAside(ui.getState())).toBe(true);
      ui.showToast({ key: 'offlineReady', durationMs: 3_000 });
      expect(selectVisibleToast(ui.getState())).toBeNull();
      vi.advanceTimersByTime(10_000);
      expect(ui.getState().toast?.key, 'not used up while hidden').toBe('offlineReady');

      closeSheet();
      expect(overlaysStepAside(ui.getState())).toBe(false);
      expect(selectVisibleToast(ui.getState())?.key).toBe('offlineReady');
      vi.advanceTimersByTime(2_999);
      expect(selectVisibleToast(ui.getState())?.key).toBe('offlineReady');
      vi.advanceTimersByTime(1);
      expect(ui.getState().toast).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('pauses a toast on screen when a dialog opens, and gives it its whole time again after', () => {
    vi.useFakeTimers();
    try {
      const ui = createUiStore();
      ui.showToast({ key: 'appInstalled', durationMs: 3_000 });
      vi.advanceTimersByTime(2_000);
      const closeAlert = ui.openDialog();
      expect(selectVisibleToast(ui.getState())).toBeNull();
      vi.advanceTimersByTime(5_000);
      closeAlert();
      vi.advanceTimersByTime(2_999);
      expect(selectVisibleToast(ui.getState())?.key).toBe('appInstalled');
      vi.advanceTimersByTime(1);
      expect(ui.getState().toast).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts nested dialogs, and a dialog closed twice counts once', () => {
    const ui = createUiStore();
    const closeCart = ui.openDialog();
    const closeAlert = ui.openDialog();
    closeAlert();
    closeAlert();
    expect(ui.getState().dialogs).toBe(1);
    expect(overlaysStepAside(ui.getState())).toBe(true);
    closeCart();
    expect(ui.getState().dialogs).toBe(0);
  });
});
