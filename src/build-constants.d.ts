/**
 * Each language's dictionary version (server/lib/dictionary-version.ts), written into the app's code by the
 * build (vite.config.ts `define`). Absent from code built without it (the service worker's own build): read it
 * only through src/services/dictionaries.ts, which checks.
 */
declare const __DICTIONARY_VERSIONS__: Readonly<Record<string, string>> | undefined;
