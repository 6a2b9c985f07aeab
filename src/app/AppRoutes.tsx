import type { ComponentType, ReactNode } from 'react';
import { Component, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { Loader } from '../ui/Loader';
import { MEMBER_START_PATH } from './landing-path';
import { useLoadWhenWanted } from './lazy-load';
import { navigateAnnounced } from './navigation-scroll';
import { routeFor } from './route-lookup';
import type { RouteParams } from './route-params';
import { LANDING_PATH, ROUTES } from './routes';
import { ScreenUnavailable } from './ScreenUnavailable';

// A mailed link carries its query inside the hash (`#/resetpassword?token=…`, docs/api.md); routes match the path
// before it, and the screen reads the query itself.
// Its navigations are announced, so the new page opens at its top (src/app/navigation-scroll.ts).
export const useHashPath = (
  options?: Parameters<typeof useHashLocation>[0],
): ReturnType<typeof useHashLocation> => {
  const [location] = useHashLocation(options);
  return [location.split('?')[0] || '/', navigateAnnounced];
};
useHashPath.hrefs = (href: string) => `#${href}`;

type LazyScreen = ComponentType<{ params: RouteParams; titleKey: string }>;

type RouteDefinitionLoad = (typeof ROUTES)[number]['load'];
type ScreenModule = Awaited<ReturnType<RouteDefinitionLoad>>;

// One lazy component per distinct loader, created once, so each route's code loads on first visit only.
const screens = new Map<RouteDefinitionLoad, LazyScreen>();
// Modules already loaded (preloadScreenFor): handed to React.lazy as a thenable that settles synchronously,
// so the first screen renders at once instead of after a Suspense fallback React keeps up for ≥ 300 ms.
const loadedModules = new Map<RouteDefinitionLoad, ScreenModule>();

// Screens whose download failed: their lazy screens are dropped when the boundary tries again.
const failedScreens = new Set<RouteDefinitionLoad>();

/** The next render of a screen whose download failed downloads it again. */
function forgetFailedScreens(): void {
  for (const load of failedScreens) screens.delete(load);
  failedScreens.clear();
}

/** A screen's code could not be downloaded (offline, and no service worker holds it). */
class ScreenLoadFailure extends Error {
  override readonly name = 'ScreenLoadFailure';
}

function screenFor(load: RouteDefinitionLoad): LazyScreen {
  let screen = screens.get(load);
  if (!screen) {
    screen = lazy(() => {
      const loaded = loadedModules.get(load);
      if (!loaded) {
        // React keeps a lazy screen's failure for good: the next try (Retry, another route) needs a new one.
        // Not before: React renders a failed screen again before it gives up to the boundary, and a new lazy
        // screen then would download again, suspend, fail, and so on, "Loading…" for ever.
        return load().catch((error: unknown) => {
          failedScreens.add(load);
          throw new ScreenLoadFailure('The screen could not be downloaded', { cause: error });
        });
      }
      // React.lazy reads a thenable that settles inside `then` as already resolved: no suspension. So: the
      // module's promise, with a `then` that calls back at once.
      return Object.assign(Promise.resolve(loaded), {
        // biome-ignore lint/suspicious/noThenProperty: a synchronously settled thenable is the point here
        then: (onFulfilled?: (module: ScreenModule) => unknown) => onFulfilled?.(loaded),
      });
    });
    screens.set(load, screen);
  }
  return screen;
}

/**
 * Loads the screen of a hash path before the first render (the app preloads its chunk in index.html).
 * Unknown paths are landing, as AppRoutes routes them.
 */
export async function preloadScreenFor(hash: string): Promise<void> {
  const route = routeFor(hash);
  if (!route || loadedModules.has(route.load)) return;
  try {
    loadedModules.set(route.load, await route.load());
  } catch {
    // The route loads lazily as usual (and shows its error there) if the preload failed.
  }
}

interface AppRoutesProps {
  isLoggedIn: boolean;
  /** Tests pass a memory location hook; the app uses the hash (docs/product.md §2: routing is hash-based). */
  locationHook?: typeof useHashLocation;
  /**
   * The path the first render (prerender or hydration) uses: the hash hook cannot read a location on the
   * server, and hydration must render exactly what the prerendered HTML shows.
   */
  ssrPath?: string;
  /**
   * The root actors are there (issue 12: they load after the first screen). Until then only the landing
   * renders; another route waits for them, guard included, as it waits for its own code.
   */
  actorsReady?: boolean;
  /** Asks for the root actors' code; rejects when it cannot be downloaded. */
  onActorsNeeded?: () => Promise<unknown>;
}

export function AppRoutes({
  isLoggedIn,
  locationHook = useHashPath,
  ssrPath,
  actorsReady = true,
  onActorsNeeded,
}: AppRoutesProps) {
  const { t } = useTranslation();
  return (
    <Router hook={locationHook} {...(ssrPath === undefined ? {} : { ssrPath })}>
      <ScreenLoadBoundary>
        <Suspense fallback={<Loader label={t('app.loading')} />}>
          <Switch>
            {ROUTES.map((route) => (
              <Route key={route.path} path={route.path}>
                {(params: RouteParams) =>
                  !actorsReady && route.path !== LANDING_PATH ? (
                    <AwaitActors label={t('app.loading')} onNeeded={onActorsNeeded} />
                  ) : route.protected && !isLoggedIn ? (
                    <Redirect to="/" replace />
                  ) : (
                    <RouteScreen load={route.load} params={params} titleKey={route.titleKey} />
                  )
                }
              </Route>
            ))}
            {/* The root, the default route and any unknown path go to landing; a logged-in student's home. */}
            <Route>
              <Redirect to={isLoggedIn ? MEMBER_START_PATH : LANDING_PATH} replace />
            </Route>
          </Switch>
        </Suspense>
      </ScreenLoadBoundary>
    </Router>
  );
}

/**
 * Waits for the root actors' code. When it cannot be downloaded (the server or the connection gone before it
 * came), says so instead of loading for ever, and tries again on Retry and when the connection returns.
 */
function AwaitActors({ label, onNeeded }: { label: string; onNeeded: (() => Promise<unknown>) | undefined }) {
  const { failed, retry } = useLoadWhenWanted(onNeeded, true, 'report');
  return failed ? <ScreenUnavailable onRetry={retry} /> : <Loader label={label} />;
}

/**
 * The route's screen, looked up as it renders: after a failed download (issue 18) the render that follows
 * Retry gets a new lazy screen that downloads it again.
 */
function RouteScreen({
  load,
  ...props
}: {
  load: RouteDefinitionLoad;
  params: RouteParams;
  titleKey: string;
}) {
  const Screen = screenFor(load);
  return <Screen {...props} />;
}

/** A screen whose code could not be downloaded says so (issue 18); another route starts afresh. */
function ScreenLoadBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <CaughtScreenFailure location={location}>{children}</CaughtScreenFailure>;
}

interface CaughtScreenFailureProps {
  location: string;
  children: ReactNode;
}

class CaughtScreenFailure extends Component<CaughtScreenFailureProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: CaughtScreenFailureProps) {
    if (previous.location !== this.props.location && this.state.error) this.retry();
  }

  private readonly retry = () => {
    forgetFailedScreens();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Anything but a screen's download is a bug: it goes on up as it did before this boundary.
    if (!(error instanceof ScreenLoadFailure)) throw error;
    return <ScreenUnavailable onRetry={this.retry} />;
  }
}
