import type { ComponentType } from 'react';

export interface RouteParams {
  [name: string]: string | undefined;
}

export interface RouteDefinition {
  /** wouter pattern, without the leading '#'. */
  path: string;
  /** Key under `routes.` in the dictionaries: the screen's title. */
  titleKey: string;
  /** SPEC.md §2 "Login required": redirect to the root when the session is logged out. */
  protected: boolean;
  load: () => Promise<{ default: ComponentType<{ params: RouteParams; titleKey: string }> }>;
}

// Screens that later work builds show their title only (src/screens/TitleOnly); they do not pretend to work.
const titleOnly = () => import('../screens/TitleOnly');

const plain = (name: string, isProtected = false, load = titleOnly): RouteDefinition => ({
  path: `/${name}`,
  titleKey: name,
  protected: isProtected,
  load,
});

/** Every route of SPEC.md §2. The default route and unknown paths fall back to landing (see AppRoutes). */
export const ROUTES: readonly RouteDefinition[] = [
  plain('landing', false, () => import('../screens/Landing')),
  plain('home', false, () => import('../screens/Home')),
  plain('register', false, () => import('../screens/Register')),
  plain('login-with-phone-number', false, () => import('../screens/LoginWithPhone')),
  plain('login-with-username', false, () => import('../screens/LoginWithUsername')),
  plain('resetpassword', false, () => import('../screens/ResetPassword')),
  plain('forgotpassword', false, () => import('../screens/ForgotPassword')),
  plain('logout-from-all-devices', false, () => import('../screens/LogoutAllDevices')),
  plain('delete-account', false, () => import('../screens/DeleteAccount')),
  plain('privacy-policy', false, () => import('../screens/PrivacyPolicy')),
  plain('splash', false, () => import('../screens/Splash')),
  plain('trans'),
  plain('navbar'),
  plain('footer'),
  plain('shop'),
  plain('live-tv'),
  plain('news'),
  plain('scholarships'),
  plain('schedule'),
  plain('new-item'),
  plain('new-list'),
  plain('local-notifications'),
  plain('upnextlist', false, () => import('../screens/UpNextList')),
  plain('cache-manager', false, () => import('../screens/CacheManager')),
  plain('time-table-home'),
  plain('cart-modal', false, () => import('../screens/CartScreen')),
  plain('cart', false, () => import('../screens/CartScreen')),
  {
    path: '/sort-videos-by-topics/:subjectTitle/:subsection',
    titleKey: 'sort-videos-by-topics',
    protected: true,
    load: () => import('../screens/SortVideosByTopics'),
  },
  { path: '/scholarship-details/:id', titleKey: 'scholarship-details', protected: false, load: titleOnly },
  { path: '/product-details/:id', titleKey: 'product-details', protected: false, load: titleOnly },
  { path: '/timetable/:id', titleKey: 'timetable', protected: false, load: titleOnly },
  { path: '/edit-timetable/:id', titleKey: 'edit-timetable', protected: false, load: titleOnly },
  { path: '/view-timetable/:id', titleKey: 'view-timetable', protected: false, load: titleOnly },
  plain('anglophone-videos', true, () => import('../screens/SectionVideos')),
  plain('francophone-videos', true, () => import('../screens/SectionVideos')),
  plain('competitive-examination-videos', true, () => import('../screens/SectionVideos')),
  plain('diploma-examination-videos', true, () => import('../screens/SectionVideos')),
  plain('extra-curricular-activities-videos', true, () => import('../screens/SectionVideos')),
  {
    path: '/dashboard/tabs/transactions',
    titleKey: 'transactions',
    protected: true,
    load: () => import('../screens/Dashboard'),
  },
  plain('dashboard', true, () => import('../screens/Dashboard')),
  plain('study-sections', true, () => import('../screens/StudySections')),
  plain('video-player', true, () => import('../screens/VideoPlayer')),
  plain('profile', true, () => import('../screens/Profile')),
];

export { LANDING_PATH } from './landing-path';
