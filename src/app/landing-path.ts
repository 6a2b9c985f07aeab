/** The landing route: the default route, and the one the build prerenders (scripts/prerender.ts). */
export const LANDING_PATH = '/landing';
