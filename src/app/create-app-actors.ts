import { type Actor, createActor, fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart';
import { checkoutMachine, type MakePaymentInput, type MakePaymentOutput } from '../../machines/checkout';
import { installPromptMachine } from '../../machines/installPrompt';
import { type LoadDictionaryInput, languageMachine } from '../../machines/language';
import {
  type CheckStatusInput,
  type CheckStatusOutput,
  mobileMoneyMachine,
  type RequestToPayInput,
  type RequestToPayOutput,
} from '../../machines/mobileMoney';
import { serviceWorkerMachine } from '../../machines/serviceWorker';
import { type ClearSessionInput, sessionMachine } from '../../machines/session';
import type { User as MachineUser } from '../../machines/types';
import { type Endpoints, makeExternalId } from '../services/api/endpoints';
import { ApiError } from '../services/api/errors';
import type { User } from '../services/api/types';
import { expiresAt } from '../services/jwt';
import { NO_OFFLINE_VIDEOS, type OfflineVideoStore } from '../services/offline/offline-video-store';
import { NO_PWA, type PwaEffects } from '../services/pwa/pwa-effects';
import type { AppStorage } from '../services/storage';
import type { UiStore } from './ui-store';

export type AppApi = Endpoints & { clearCache(): void };

/** Everything the machines need from the outside world, handed over here and nowhere else. */
export interface AppEffects {
  storage: AppStorage;
  api: AppApi;
  ui: UiStore;
  now: () => number;
  navigate: (path: string) => void;
  loadDictionary: (lang: string) => Promise<void>;
  /** Cache Storage and IndexedDB: everything logout must wipe besides local storage. */
  clearCaches: () => Promise<unknown>;
  /** Turns a failed call into the text to show, in the student's language. */
  describeError: (error: unknown) => string;
  /** Service worker and install prompt (src/services/pwa); absent: neither is offered. */
  pwa?: PwaEffects;
  /** Offline video downloads (src/services/offline); absent: downloads are not offered. */
  offlineVideos?: OfflineVideoStore;
}

/** The session stores the server's user object; the machines only read the fields they need. */
const asAppUser = (user: MachineUser): User => user as unknown as User;

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
      actions: { persistLanguage: (_, { lang }) => void fx.storage.setLanguage(lang) },
    }),
    { input: { stored: fx.storage.getLanguage() } },
  );

  const currentUserId = () => session.getSnapshot().context.user?.id ?? '';

  const mobileMoney = mobileMoneyMachine.provide({
    actors: {
      requestToPay: fromPromise<RequestToPayOutput, RequestToPayInput>(async ({ input }) => {
        try {
          const { referenceId } = await fx.api.requestToPay({
            amount: String(input.amount),
            currency: 'XAF',
            externalId: makeExternalId(currentUserId(), fx.now()),
            payer: { partyIdType: 'MSISDN', partyId: input.phone.trim() },
            payerMessage: 'StudyCam subjects',
            payeeNote: input.items.map((item) => item.subjectTitle).join(', '),
            items: input.items.map((item) => ({ subjectId: item._id, amount: item.amount })),
          });
          return { referenceId };
        } catch (error) {
          throw new Error(fx.describeError(error));
        }
      }),
      checkStatus: fromPromise<CheckStatusOutput, CheckStatusInput>(async ({ input }) => {
        const { status, reason } = await fx.api.getPaymentStatus(input.referenceId);
        return reason ? { status, reason } : { status };
      }),
    },
    actions: {
      showAlert: (_, alert) => fx.ui.showAlert(alert),
      persistPending: (_, pending) =>
        void fx.storage.setPendingPayment({ ...pending, items: [...pending.items] }),
      clearPending: () => fx.storage.removePendingPayment(),
    },
  });

  const checkout = createActor(
    checkoutMachine.provide({
      actors: {
        mobileMoney,
        makePayment: fromPromise<MakePaymentOutput, MakePaymentInput>(async ({ input }) => {
          try {
            const answer = await fx.api.makePayments({
              id: input.user.id,
              username: input.user.username,
              // SPEC.md §6: STUDENT is the only role, and the default; the payment payload carries it.
              role: 'STUDENT',
              paidSubjects: input.items.map((item) => item.subjectTitle),
              totalCost: input.totalCost,
              referenceId: input.referenceId,
            });
            return answer.user
              ? { success: answer.success, user: answer.user as unknown as MachineUser, msg: answer.msg }
              : { success: answer.success, msg: answer.msg };
          } catch (error) {
            // A refusal (4xx) is the server's final word; no answer at all (0, 5xx) stays resumable.
            if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
              return { success: false, msg: fx.describeError(error) };
            }
            throw new Error(fx.describeError(error));
          }
        }),
      },
      actions: {
        showAlert: (_, alert) => fx.ui.showAlert(alert),
        clearCart: () => cart.send({ type: 'cart.clear' }),
        storeUser: (_, { user }) => {
          fx.storage.setUser(asAppUser(user));
          session.send({ type: 'session.userUpdated', user });
        },
        closeModal: () => fx.ui.setCartOpen(false),
        clearPending: () => fx.storage.removePendingPayment(),
        navigate: (_, { to }) => fx.navigate(`/${to}`),
      },
    }),
  );

  const pwa = fx.pwa ?? NO_PWA;
  const offlineVideos = fx.offlineVideos ?? NO_OFFLINE_VIDEOS;

  const serviceWorker = createActor(
    serviceWorkerMachine.provide({
      actors: {
        registerWorker: fromPromise<void, void>(() => pwa.serviceWorker.register()),
        checkForUpdate: fromPromise<void, void>(() => pwa.serviceWorker.checkForUpdate()),
        activateUpdate: fromPromise<void, void>(() => pwa.serviceWorker.activateUpdate()),
      },
      actions: {
        showToast: (_, toast) => fx.ui.showToast(toast),
        reload: () => pwa.reload(),
      },
    }),
    { input: { isProduction: pwa.isProduction, isSupported: pwa.serviceWorker.isSupported } },
  );

  const installPrompt = createActor(
    installPromptMachine.provide({
      actors: { promptInstall: fromPromise(() => pwa.installPrompt.prompt()) },
      actions: {
        persistDismissed: () => void fx.storage.setInstallDismissed(),
        showToast: (_, toast) => fx.ui.showToast(toast),
      },
    }),
    {
      input: {
        dismissed: fx.storage.isInstallDismissed(),
        isIos: pwa.installPrompt.isIos,
        isStandalone: pwa.installPrompt.isStandalone,
      },
    },
  );

  /**
   * Issue 8: the shop's order checkout, provided here with the app's effects (src/app/order-checkout-effects.ts
   * turns them into the machine's actors). Its machine and effects are a chunk of the product screen: the
   * landing page never downloads them.
   */
  const loadOrderCheckout = () =>
    import('./order-checkout-effects').then(({ provideOrderCheckout }) =>
      provideOrderCheckout({
        api: fx.api,
        storage: fx.storage,
        ui: fx.ui,
        now: fx.now,
        navigate: fx.navigate,
        describeError: fx.describeError,
        userId: currentUserId,
        language: () => (language.getSnapshot().context.language === 'fr' ? 'fr' : 'en'),
      }),
    );

  /** SPEC.md/issue 5: downloads of a subject go once its access has expired (checked from the stored user). */
  const removeExpiredDownloads = async () => {
    const user = session.getSnapshot().context.user as unknown as User | null;
    if (!user || !offlineVideos.isSupported) return [];
    return offlineVideos.removeExpired(user.paidSubjects ?? [], fx.now()).catch(() => []);
  };

  return {
    cart,
    session,
    language,
    checkout,
    serviceWorker,
    installPrompt,
    offlineVideos,
    removeExpiredDownloads,
    loadOrderCheckout,
    /** After a successful login: the token and user are stored, then the session machine is told. */
    signIn(newToken: string, user: User) {
      fx.storage.setToken(newToken);
      fx.storage.setUser(user);
      fx.api.clearCache();
      session.send({
        type: 'session.login',
        token: newToken,
        user: user as unknown as MachineUser,
        expiresAt: expiresAt(newToken),
        now: fx.now(),
      });
    },
    /** A newer user object from the server (profile change, payment). */
    updateUser(user: User) {
      fx.storage.setUser(user);
      session.send({ type: 'session.userUpdated', user: user as unknown as MachineUser });
    },
    start() {
      for (const actor of [cart, session, language, checkout] as Actor<never>[]) actor.start();
      for (const actor of [serviceWorker, installPrompt] as Actor<never>[]) actor.start();
      pwa.serviceWorker.subscribe((event) => serviceWorker.send(event));
      pwa.installPrompt.subscribe((event) => installPrompt.send(event));
      const user = fx.storage.getUser();
      session.send({
        type: 'session.restore',
        token,
        user: user as unknown as MachineUser | null,
        expiresAt: expiresAt(token),
        now: fx.now(),
      });
      // A payment left pending (tab closed, network lost) is watched again, never requested twice.
      const pending = fx.storage.getPendingPayment();
      const sessionUser = session.getSnapshot().context.user;
      if (pending && sessionUser) {
        checkout.send({ type: 'checkout.resume', pending, user: sessionUser, now: fx.now() });
      }
    },
  };
}

export type AppActors = ReturnType<typeof createAppActors>;
