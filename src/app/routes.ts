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
  plain('landing'),
  plain('home'),
  plain('register'),
  plain('login-with-phone-number'),
  plain('login-with-username'),
  plain('resetpassword'),
  plain('forgotpassword'),
  plain('logout-from-all-devices'),
  plain('delete-account'),
  plain('privacy-policy'),
  plain('splash'),
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
  plain('upnextlist'),
  plain('cache-manager'),
  plain('time-table-home'),
  plain('cart-modal', false, () => import('../screens/CartScreen')),
  plain('cart', false, () => import('../screens/CartScreen')),
  {
    path: '/sort-videos-by-topics/:subjectTitle/:subsection',
    titleKey: 'sort-videos-by-topics',
    protected: true,
    load: titleOnly,
  },
  { path: '/scholarship-details/:id', titleKey: 'scholarship-details', protected: false, load: titleOnly },
  { path: '/product-details/:id', titleKey: 'product-details', protected: false, load: titleOnly },
  { path: '/timetable/:id', titleKey: 'timetable', protected: false, load: titleOnly },
  { path: '/edit-timetable/:id', titleKey: 'edit-timetable', protected: false, load: titleOnly },
  { path: '/view-timetable/:id', titleKey: 'view-timetable', protected: false, load: titleOnly },
  plain('anglophone-videos', true),
  plain('francophone-videos', true),
  plain('competitive-examination-videos', true),
  plain('diploma-examination-videos', true),
  plain('extra-curricular-activities-videos', true),
  { path: '/dashboard/tabs/transactions', titleKey: 'transactions', protected: true, load: titleOnly },
  plain('dashboard', true),
  plain('study-sections', true),
  plain('video-player', true),
];

export const LANDING_PATH = '/landing';
