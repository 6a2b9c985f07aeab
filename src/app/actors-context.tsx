import { createContext, useContext } from 'react';
import type { AppActors, AppApi } from './create-app-actors';
import type { UiStore } from './ui-store';

export interface AppContextValue extends AppActors {
  ui: UiStore;
  now: () => number;
  navigate: (path: string) => void;
  /** For the resource and form machines' provided actors (src/app/use-resource.ts, src/app/use-form.ts), not for components. */
  api: AppApi;
  describeError: (error: unknown) => string;
}

export const AppActorsContext = createContext<AppContextValue | null>(null);

export function useAppActors(): AppContextValue {
  const value = useContext(AppActorsContext);
  if (!value) throw new Error('useAppActors outside <AppActorsContext.Provider>');
  return value;
}
