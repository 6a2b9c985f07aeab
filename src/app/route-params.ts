/** A route's path parameters as wouter reads them (`/section-videos/:section` gives `{ section }`). */
export interface RouteParams {
  [name: string]: string | undefined;
}
