import { useSyncExternalStore } from 'react';

// Whether the device says it has a connection (`navigator.onLine`). False means surely offline (no network
// at all); true only means a network is there, not that the server answers: screens use it to say at once
// what needs a connection (live TV), never to skip asking the server.

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine !== false;

/** The device's connection as the browser reports it, following its changes; online when prerendered. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
