/** The player route another screen owns; the id goes in the query, exactly in this form. */
export const videoPlayerHref = (videoId: string) => `/video-player?videoId=${encodeURIComponent(videoId)}`;
