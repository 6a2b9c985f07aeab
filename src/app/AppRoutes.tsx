import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { Loader } from '../ui/Loader';
import { LANDING_PATH, ROUTES, type RouteParams } from './routes';

// A mailed link carries its query inside the hash (`#/resetpassword?token=…`, API.md); routes match the path
// before it, and the screen reads the query itself.
const useHashPath = (options?: Parameters<typeof useHashLocation>[0]): ReturnType<typeof useHashLocation> => {
  const [location, navigate] = useHashLocation(options);
  return [location.split('?')[0] || '/', navigate];
};
useHashPath.hrefs = (href: string) => `#${href}`;

type LazyScreen = ComponentType<{ params: RouteParams; titleKey: string }>;

// One lazy component per distinct loader, created once, so each route's code loads on first visit only.
const screens = new Map<RouteDefinitionLoad, LazyScreen>();
type RouteDefinitionLoad = (typeof ROUTES)[number]['load'];
function screenFor(load: RouteDefinitionLoad): LazyScreen {
  let screen = screens.get(load);
  if (!screen) {
    screen = lazy(load);
    screens.set(load, screen);
  }
  return screen;
}

interface AppRoutesProps {
  isLoggedIn: boolean;
  /** Tests pass a memory location hook; the app uses the hash (SPEC.md §2: routing is hash-based). */
  locationHook?: typeof useHashLocation;
}

export function AppRoutes({ isLoggedIn, locationHook = useHashPath }: AppRoutesProps) {
  const { t } = useTranslation();
  return (
    <Router hook={locationHook}>
      <Suspense fallback={<Loader label={t('app.loading')} />}>
        <Switch>
          {ROUTES.map((route) => {
            const Screen = screenFor(route.load);
            return (
              <Route key={route.path} path={route.path}>
                {(params: RouteParams) =>
                  route.protected && !isLoggedIn ? (
                    <Redirect to="/" replace />
                  ) : (
                    <Screen params={params} titleKey={route.titleKey} />
                  )
                }
              </Route>
            );
          })}
          {/* The root, the default route and any unknown path go to landing. */}
          <Route>
            <Redirect to={LANDING_PATH} replace />
          </Route>
        </Switch>
      </Suspense>
    </Router>
  );
}
