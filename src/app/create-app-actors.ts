import type { Actor, ActorRefFrom } from 'xstate';
import { createActor } from 'xstate';
import type { ClientUser as User } from '../../contract/users';
import { cartMachine, selectCartCount } from '../../machines/cart';
import { languageMachine, selectHasDictionary, selectLanguage } from '../../machines/language';
import { selectIsLoggedIn, selectUser, sessionMachine } from '../../machines/session';
import { cartActors } from '../actors/cart';
import { languageActors } from '../actors/language';
import { sessionActors } from '../actors/session';
import { expiresAt } from '../rules/jwt';
import { NO_OFFLINE_VIDEOS } from '../services/offline/offline-video-store';
import type { StoredRecords } from '../services/stored-records';
import { createStoredRecords } from '../services/stored-records';
import type { AppEffects } from './app-effects';
import type { CheckoutActor } from './checkout-actor';
import type { Lazy } from './lazy-load';
import { lazyLoad } from './lazy-load';
import type { OrderCheckout } from './order-checkout';
import type { PwaActors } from './pwa-actors';
import type { ShellView, ShellViewSource } from './shell-view';

export type { AppApi, AppEffects } from './app-effects';

type RootActors = {
  cart: ActorRefFrom<typeof cartMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  language: ActorRefFrom<typeof languageMachine>;
};

export function createAppActors(fx: AppEffects) {
  // The cart, the student and a payment in progress, read back through the contract's schemas.
  const records = createStoredRecords(fx.storage);
  const cart = createActor(cartMachine.provide(cartActors(fx.storage)), {
    input: { items: records.getCart() ?? [] },
  });
  const token = fx.storage.getToken();
  const session = createActor(sessionMachine.provide(sessionActors(fx)));
  const signedInUser = () => selectUser(session.getSnapshot());
  /** A user the server answered with, unless the student logged out (or another logged in) meanwhile. */
  const keepIfStillSignedIn = (user: User) => {
    if (signedInUser()?.id === user.id) updateUser(user);
  };
  const language = createActor(
    languageMachine.provide(languageActors({ ...fx, signedInUser, keepIfStillSignedIn })),
    { input: { stored: fx.storage.getLanguage(), browserLanguages: fx.browserLanguages() } },
  );
  const roots: RootActors = { cart, session, language };
  forgetLanguageOnSignOut(roots);

  /** A newer user object from the server (profile change, payment). */
  function updateUser(user: User) {
    fx.storage.setUser(user);
    session.send({ type: 'session.userUpdated', user });
  }

  const offlineVideos = fx.offlineVideos ?? NO_OFFLINE_VIDEOS;
  const checkout = lazyCheckout(fx, roots);

  /** docs/product.md and issue 5: downloads of a subject go once its access has expired (checked from the stored user). */
  const removeExpiredDownloads = async () => {
    const user = session.getSnapshot().context.user;
    if (!user || !offlineVideos.isSupported) return [];
    return offlineVideos.removeExpired(user.paidSubjects, fx.now()).catch(() => []);
  };

  return {
    ...roots,
    checkout,
    pwa: lazyPwa(fx),
    offlineVideos,
    removeExpiredDownloads,
    orderCheckout: lazyOrderCheckout(fx, roots),
    signIn: (newToken: string, user: User) => signIn(fx, roots, newToken, user),
    updateUser,
    start() {
      for (const actor of [cart, session, language] as Actor<never>[]) actor.start();
      restoreSession(fx, records, roots, token, keepIfStillSignedIn);
      resumePendingPayment(fx, records, session, checkout);
    },
  };
}

/**
 * Tells the language machine that a session began, with the language saved with the account (a user
 * stored before the account had one carries no `language`: never chosen).
 */
function tellLanguageSignedIn({ language }: RootActors, user: User, login: boolean) {
  language.send({ type: 'language.signedIn', account: user.language ?? null, login });
}

/** A session that ends (logout, expiry) clears the device's storage, the language choice with it. */
function forgetLanguageOnSignOut({ session, language }: RootActors) {
  let wasLoggingOut = false;
  session.subscribe((snapshot) => {
    if (wasLoggingOut && snapshot.matches('loggedOut')) language.send({ type: 'language.signedOut' });
    wasLoggingOut = snapshot.matches('loggingOut');
  });
}

/** After a successful login: the token and user are stored, then the session machine is told. */
function signIn(fx: AppEffects, roots: RootActors, newToken: string, user: User) {
  fx.storage.setToken(newToken);
  fx.storage.setUser(user);
  fx.api.clearCache();
  roots.session.send({
    type: 'session.login',
    token: newToken,
    user,
    expiresAt: expiresAt(newToken),
    now: fx.now(),
  });
  if (selectIsLoggedIn(roots.session.getSnapshot())) tellLanguageSignedIn(roots, user, true);
}

/**
 * The stored session, restored at start. A device coming from the app this one replaces keeps its student:
 * the user it stored is read, then asked of the server whole (its paid subjects and expiries).
 */
function restoreSession(
  fx: AppEffects,
  records: StoredRecords,
  roots: RootActors,
  token: string | null,
  keepIfStillSignedIn: (user: User) => void,
) {
  const legacy = records.migrateLegacyUser();
  const user = records.getUser();
  roots.session.send({ type: 'session.restore', token, user, expiresAt: expiresAt(token), now: fx.now() });
  const restored = selectUser(roots.session.getSnapshot());
  if (restored) tellLanguageSignedIn(roots, restored, false);
  // The user as the server has it now; offline, the one stored stays until the next start.
  if (restored && legacy) {
    void fx.api
      .getProfile()
      .then((answer) => keepIfStillSignedIn(answer.user))
      .catch(() => undefined);
  }
}

/** A payment left pending (tab closed, network lost) is watched again, never requested twice. */
function resumePendingPayment(
  fx: AppEffects,
  records: StoredRecords,
  session: RootActors['session'],
  checkout: Lazy<CheckoutActor>,
) {
  const pending = records.getPendingPayment();
  const user = session.getSnapshot().context.user;
  if (!pending || !user) return;
  void checkout
    .load()
    .then((actor) => actor.send({ type: 'checkout.resume', pending, user, now: fx.now() }))
    // Offline with the checkout's code not yet cached: the payment stays stored for the next start.
    .catch(() => undefined);
}

// Downloaded when first needed (issue 12): the checkout with the first payment or a payment to resume,
// the PWA machines once the first screen is up (start-app-actors.ts).
function lazyCheckout(fx: AppEffects, { cart, session }: RootActors): Lazy<CheckoutActor> {
  return lazyLoad(() =>
    import('./checkout-actor').then((module) => module.createCheckoutActor(fx, { cart, session })),
  );
}

function lazyPwa(fx: AppEffects): Lazy<PwaActors> {
  return lazyLoad(async () => {
    const [module, effects] = await Promise.all([import('./pwa-actors'), fx.pwa?.()]);
    return module.createPwaActors(effects, { storage: fx.storage, ui: fx.ui });
  });
}

/**
 * Issue 8: the shop's order checkout, provided with the app's effects (src/app/order-checkout.ts). Downloaded
 * with the product screen, never with the landing page.
 */
function lazyOrderCheckout(fx: AppEffects, { session, language }: RootActors): Lazy<OrderCheckout> {
  return lazyLoad(() =>
    import('./order-checkout').then((module) => module.provideOrderCheckout(fx, { session, language })),
  );
}

export type AppActors = ReturnType<typeof createAppActors>;

/** The shell's view of the root actors (src/app/shell-view.ts), through the machines' selectors. */
export function shellViewOf({
  cart,
  session,
  language,
}: Pick<AppActors, 'cart' | 'session' | 'language'>): ShellViewSource {
  return {
    getSnapshot: (): ShellView => ({
      isLoggedIn: selectIsLoggedIn(session.getSnapshot()),
      cartCount: selectCartCount(cart.getSnapshot()),
      language: selectLanguage(language.getSnapshot()),
      translated: selectHasDictionary(language.getSnapshot()),
      live: true,
    }),
    subscribe(listener) {
      const subscriptions = [
        cart.subscribe(listener),
        session.subscribe(listener),
        language.subscribe(listener),
      ];
      return {
        unsubscribe() {
          for (const subscription of subscriptions) subscription.unsubscribe();
        },
      };
    },
  };
}
