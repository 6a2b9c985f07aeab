import { createContext, useContext } from 'react';
import type { AppActors } from './create-app-actors';
import type { UiStore } from './ui-store';

export interface AppContextValue extends AppActors {
  ui: UiStore;
  now: () => number;
  navigate: (path: string) => void;
}

export const AppActorsContext = createContext<AppContextValue | null>(null);

export function useAppActors(): AppContextValue {
  const value = useContext(AppActorsContext);
  if (!value) throw new Error('useAppActors outside <AppActorsContext.Provider>');
  return value;
}
