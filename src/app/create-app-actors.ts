import { type Actor, createActor, fromPromise } from 'xstate';
import { cartMachine, selectCartCount } from '../../machines/cart';
import {
  type Language,
  type LoadDictionaryInput,
  languageMachine,
  selectHasDictionary,
  selectLanguage,
} from '../../machines/language';
import { type ClearSessionInput, selectIsLoggedIn, selectUser, sessionMachine } from '../../machines/session';
import type { User } from '../services/api/types';
import { expiresAt } from '../services/jwt';
import { NO_OFFLINE_VIDEOS } from '../services/offline/offline-video-store';
import type { AppEffects } from './app-effects';
import type { CheckoutActor } from './checkout-actor';
import { type Lazy, lazyLoad } from './lazy-load';
import type { OrderCheckout } from './order-checkout-effects';
import type { PwaActors } from './pwa-actors';
import type { ShellView, ShellViewSource } from './shell-view';

export type { AppApi, AppEffects } from './app-effects';

export function createAppActors(fx: AppEffects) {
  const cart = createActor(
    cartMachine.provide({
      actions: { persistCart: (_, { items }) => void fx.storage.setCart(items) },
    }),
    { input: { items: fx.storage.getCart() ?? [] } },
  );

  const token = fx.storage.getToken();
  const session = createActor(
    sessionMachine.provide({
      actors: {
        clearSession: fromPromise<void, ClearSessionInput>(async ({ input }) => {
          // The server forgets this token; if it can't be reached the device is cleared all the same.
          if (input.token) await fx.api.logout().catch(() => undefined);
          fx.storage.clearAll();
          fx.rememberLanguage?.(null);
          fx.api.clearCache();
          await fx.clearCaches().catch(() => undefined);
        }),
      },
    }),
  );

  const language = createActor(
    languageMachine.provide({
      actors: {
        loadDictionary: fromPromise<void, LoadDictionaryInput>(({ input }) => fx.loadDictionary(input.lang)),
      },
      actions: {
        persistLanguage: (_, { lang }) => {
          fx.storage.setLanguage(lang);
          fx.rememberLanguage?.(lang);
        },
        saveToAccount: (_, { lang }) => void saveLanguageToAccount(lang),
      },
    }),
    { input: { stored: fx.storage.getLanguage(), browserLanguages: fx.browserLanguages() } },
  );

  /**
   * The choice goes with the account, so the next login on any device restores it. A save that fails
   * (offline) is tried again at the next start: the device's choice then differs from the account's.
   */
  async function saveLanguageToAccount(lang: Language): Promise<void> {
    const user = selectUser(session.getSnapshot());
    if (!user) return;
    const answer = await fx.api.saveLanguage({ id: user.id, language: lang }).catch(() => null);
    if (answer) keepIfStillSignedIn(answer.user);
  }

  /** The user as the server has it now; offline, the one stored stays until the next start. */
  async function refreshUser(): Promise<void> {
    const answer = await fx.api.getProfile().catch(() => null);
    if (answer) keepIfStillSignedIn(answer.user);
  }

  /** A user the server answered with, unless the student logged out (or another logged in) meanwhile. */
  function keepIfStillSignedIn(user: User) {
    if (selectUser(session.getSnapshot())?.id === user.id) updateUser(user);
  }

  /**
   * Tells the language machine that a session began, with the language saved with the account (a user
   * stored before the account had one carries no `language`: never chosen).
   */
  const signedIn = (user: User, login: boolean) =>
    language.send({ type: 'language.signedIn', account: user.language ?? null, login });

  // A session that ends (logout, expiry) clears the device's storage, the language choice with it.
  let wasLoggingOut = false;
  session.subscribe((snapshot) => {
    if (wasLoggingOut && snapshot.matches('loggedOut')) language.send({ type: 'language.signedOut' });
    wasLoggingOut = snapshot.matches('loggingOut');
  });

  /** A newer user object from the server (profile change, payment). */
  function updateUser(user: User) {
    fx.storage.setUser(user);
    session.send({ type: 'session.userUpdated', user });
  }

  const offlineVideos = fx.offlineVideos ?? NO_OFFLINE_VIDEOS;

  // Downloaded when first needed (issue 12): the checkout with the first payment or a payment to resume,
  // the PWA machines once the first screen is up (start-app-actors.ts).
  const checkout: Lazy<CheckoutActor> = lazyLoad(() =>
    import('./checkout-actor').then((module) => module.createCheckoutActor(fx, { cart, session })),
  );
  const pwa: Lazy<PwaActors> = lazyLoad(async () => {
    const [module, effects] = await Promise.all([import('./pwa-actors'), fx.pwa?.()]);
    return module.createPwaActors(effects, { storage: fx.storage, ui: fx.ui });
  });

  /**
   * Issue 8: the shop's order checkout, provided with the app's effects (src/app/order-checkout-effects.ts
   * turns them into the machine's actors). Downloaded with the product screen, never with the landing page.
   */
  const orderCheckout: Lazy<OrderCheckout> = lazyLoad(() =>
    import('./order-checkout-effects').then((module) =>
      module.provideOrderCheckout(fx, { session, language }),
    ),
  );

  /** docs/product.md and issue 5: downloads of a subject go once its access has expired (checked from the stored user). */
  const removeExpiredDownloads = async () => {
    const user = session.getSnapshot().context.user;
    if (!user || !offlineVideos.isSupported) return [];
    return offlineVideos.removeExpired(user.paidSubjects, fx.now()).catch(() => []);
  };

  return {
    cart,
    session,
    language,
    checkout,
    pwa,
    offlineVideos,
    removeExpiredDownloads,
    orderCheckout,
    /** After a successful login: the token and user are stored, then the session machine is told. */
    signIn(newToken: string, user: User) {
      fx.storage.setToken(newToken);
      fx.storage.setUser(user);
      fx.api.clearCache();
      session.send({
        type: 'session.login',
        token: newToken,
        user,
        expiresAt: expiresAt(newToken),
        now: fx.now(),
      });
      if (selectIsLoggedIn(session.getSnapshot())) signedIn(user, true);
    },
    updateUser,
    start() {
      for (const actor of [cart, session, language] as Actor<never>[]) actor.start();
      // A device coming from the app this one replaces keeps its student: the user it stored is read, then
      // asked of the server whole (its paid subjects and expiries) once the session is restored.
      const legacy = fx.storage.migrateLegacyUser();
      const user = fx.storage.getUser();
      session.send({
        type: 'session.restore',
        token,
        user,
        expiresAt: expiresAt(token),
        now: fx.now(),
      });
      const restored = selectUser(session.getSnapshot());
      if (restored) signedIn(restored, false);
      if (restored && legacy) void refreshUser();
      // A payment left pending (tab closed, network lost) is watched again, never requested twice.
      const pending = fx.storage.getPendingPayment();
      const sessionUser = session.getSnapshot().context.user;
      if (pending && sessionUser) {
        void checkout
          .load()
          .then((actor) => actor.send({ type: 'checkout.resume', pending, user: sessionUser, now: fx.now() }))
          // Offline with the checkout's code not yet cached: the payment stays stored for the next start.
          .catch(() => undefined);
      }
    },
  };
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
