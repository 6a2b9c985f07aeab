/** The player's route for a video: `#/video-player?videoId=<id>`. */
export const playerPath = (videoId: string) => `/video-player?videoId=${encodeURIComponent(videoId)}`;

/** The `videoId` of a query string (wouter's useSearch()), or '' when there is none. */
export const videoIdFromSearch = (search: string) => new URLSearchParams(search).get('videoId')?.trim() ?? '';
