// What `use-sync-external-store/shim` resolves to in this app (vite.config.ts): React 19's own hook, in place
// of the shim's copy for React 17 and older that @xstate/react and react-i18next would otherwise bring.
export { useSyncExternalStore } from 'react';
