/** The landing route: the default route, and the one the build prerenders (scripts/prerender.ts). */
export const LANDING_PATH = '/landing';

/**
 * Where the app opens for a logged-in student when no route is named (the installed app's start URL, the
 * root): home, with what they were studying first (docs/home.md), not the visitors' landing.
 */
export const MEMBER_START_PATH = '/home';
