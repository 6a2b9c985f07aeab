/**
 * The lesson player's path. Its own module because the page's lesson request, the idle-work hold and the
 * install banner match it without importing the route table (which imports the screens).
 */
export const PLAYER_PATH = '/video-player';
