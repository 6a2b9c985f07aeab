import type { ComponentType } from 'react';
import type { ContentScreen } from '../screens/content-screens';
import type { Endpoints } from '../services/api/endpoints';
import { prefetchPlayerStart } from '../services/api/player-start';
import { PLAYER_PATH } from './player-path';
import type { RouteParams } from './route-params';

export interface RouteDefinition {
  /** wouter pattern, without the leading '#'. */
  path: string;
  /** Key under `routes.` in the dictionaries: the screen's title. */
  titleKey: string;
  /** docs/product.md §2 "Login required": redirect to the root when the session is logged out. */
  protected: boolean;
  load: () => Promise<{ default: ComponentType<{ params: RouteParams; titleKey: string }> }>;
  /**
   * The cached list the screen's first render asks for, when the app opens on it (issue 12): requested with
   * the screen's code instead of once that code has run, and answered from the session's cache then. It is
   * asked for before the dictionary has loaded, in the client's first language: a list whose content
   * depends on the language must not be route data (the catalogue does not; only its errors would, and a
   * failed call is not cached). The query is the location's (`videoId` for the player). A GET made without
   * the query leaves even earlier, from the page's inline script (issue 19: src/app/first-screen-data.ts).
   */
  data?: (api: Endpoints, query: URLSearchParams) => Promise<unknown>;
  /**
   * The student's own data the first render asks for besides (`data`), asked for with it only when the
   * stored student may study a paid subject now: home's "Continue" (docs/home.md).
   */
  studentData?: (api: Endpoints) => Promise<unknown>;
  /**
   * Routes this screen links to whose code is fetched in idle time once it shows (issue 19: a list of
   * lessons fetches the player's, so a tap on a lesson waits for its data only).
   */
  links?: readonly string[];
}

/** A content area's screen (issue 8), through src/screens/content-screens.ts. */
const content = (name: ContentScreen) => () =>
  import('../screens/content-screens').then(({ loadContentScreen }) => loadContentScreen(name));

const plain = (
  name: string,
  isProtected: boolean,
  load: RouteDefinition['load'],
  data?: RouteDefinition['data'],
): RouteDefinition => ({
  path: `/${name}`,
  titleKey: name,
  protected: isProtected,
  load,
  ...(data ? { data } : {}),
});

const subjects = (api: Endpoints) => api.fetchSubjects();
/** The lesson's one request (access, signed URLs, price), handed to the player when it asks (issue 19). */
const lessonStart = (api: Endpoints, query: URLSearchParams) => {
  const videoId = query.get('videoId');
  return videoId ? prefetchPlayerStart(api, videoId) : Promise.resolve();
};
const PLAYER = [PLAYER_PATH] as const;

const contentRoute = (name: ContentScreen) => plain(name, false, content(name));

/** Every route of docs/product.md §2. The default route and unknown paths fall back to landing (see AppRoutes). */
export const ROUTES: readonly RouteDefinition[] = [
  plain('landing', false, () => import('../screens/Landing')),
  {
    ...plain('home', false, () => import('../screens/Home'), subjects),
    studentData: (api) => api.fetchContinue(),
  },
  plain('register', false, () => import('../screens/Register')),
  plain('login-with-phone-number', false, () => import('../screens/LoginWithPhone')),
  plain('login-with-username', false, () => import('../screens/LoginWithUsername')),
  plain('resetpassword', false, () => import('../screens/ResetPassword')),
  plain('forgotpassword', false, () => import('../screens/ForgotPassword')),
  plain('logout-from-all-devices', false, () => import('../screens/LogoutAllDevices')),
  plain('delete-account', false, () => import('../screens/DeleteAccount')),
  plain('privacy-policy', false, () => import('../screens/PrivacyPolicy')),
  plain('splash', false, () => import('../screens/Splash')),
  contentRoute('trans'),
  contentRoute('navbar'),
  contentRoute('footer'),
  contentRoute('shop'),
  contentRoute('live-tv'),
  contentRoute('news'),
  contentRoute('scholarships'),
  plain('schedule', false, () => import('../screens/Planner/Schedule')),
  plain('new-item', false, () => import('../screens/Planner/NewItem')),
  plain('new-list', false, () => import('../screens/Planner/NewList')),
  plain('local-notifications', false, () => import('../screens/Planner/LocalNotifications')),
  { ...plain('upnextlist', false, () => import('../screens/UpNextList')), links: PLAYER },
  plain('cache-manager', false, () => import('../screens/CacheManager')),
  plain('time-table-home', false, () => import('../screens/Planner/TimetableHome')),
  plain('cart-modal', false, () => import('../screens/CartScreen')),
  plain('cart', false, () => import('../screens/CartScreen')),
  // Issue 20: an access code, typed or from a card's QR link (`#/redeem?code=…`); a visitor is asked to log in.
  plain('redeem', false, () => import('../screens/Redeem')),
  {
    path: '/sort-videos-by-topics/:subjectTitle/:subsection',
    titleKey: 'sort-videos-by-topics',
    protected: true,
    load: () => import('../screens/SortVideosByTopics'),
    links: PLAYER,
  },
  {
    path: '/scholarship-details/:id',
    titleKey: 'scholarship-details',
    protected: false,
    load: content('scholarship-details'),
  },
  {
    path: '/product-details/:id',
    titleKey: 'product-details',
    protected: false,
    load: content('product-details'),
  },
  // Issue 8's addition to docs/product.md §2: the books and the in-app reader.
  contentRoute('books'),
  {
    path: '/books/:id',
    titleKey: 'book-reader',
    protected: false,
    load: content('book-reader'),
  },
  {
    path: '/timetable/:id',
    titleKey: 'timetable',
    protected: false,
    load: () => import('../screens/Planner/TimetableToday'),
  },
  {
    path: '/edit-timetable/:id',
    titleKey: 'edit-timetable',
    protected: false,
    load: () => import('../screens/Planner/EditTimetable'),
  },
  {
    path: '/view-timetable/:id',
    titleKey: 'view-timetable',
    protected: false,
    load: () => import('../screens/Planner/ViewTimetable'),
  },
  { ...plain('anglophone-videos', true, () => import('../screens/SectionVideos')), links: PLAYER },
  { ...plain('francophone-videos', true, () => import('../screens/SectionVideos')), links: PLAYER },
  {
    ...plain('competitive-examination-videos', true, () => import('../screens/SectionVideos')),
    links: PLAYER,
  },
  { ...plain('diploma-examination-videos', true, () => import('../screens/SectionVideos')), links: PLAYER },
  {
    ...plain('extra-curricular-activities-videos', true, () => import('../screens/SectionVideos')),
    links: PLAYER,
  },
  {
    path: '/dashboard/tabs/transactions',
    titleKey: 'transactions',
    protected: true,
    load: () => import('../screens/Dashboard'),
  },
  plain('dashboard', true, () => import('../screens/Dashboard')),
  plain('study-sections', true, () => import('../screens/StudySections'), subjects),
  plain('video-player', true, () => import('../screens/VideoPlayer'), lessonStart),
  plain('profile', true, () => import('../screens/Profile')),
];

export { LANDING_PATH } from './landing-path';
