import type { AnyStateMachine } from 'xstate';
import {
  BOOK_READER_EFFECTS,
  bookReaderExecutors,
  bookReaderInternalExecutors,
  bookReaderModel,
  createBookReaderHarness,
} from './bookReader.model';
import { CART_EFFECTS, cartExecutors, cartModel, createCartHarness } from './cart.model';
import {
  CHECKOUT_EFFECTS,
  checkoutExecutors,
  checkoutInternalExecutors,
  checkoutModel,
  createCheckoutHarness,
} from './checkout.model';
import {
  createFileDownloadHarness,
  FILE_DOWNLOAD_EFFECTS,
  fileDownloadExecutors,
  fileDownloadInternalExecutors,
  fileDownloadModel,
} from './fileDownload.model';
import { createFormHarness, FORM_EFFECTS, formExecutors, formModel } from './form.model';
import {
  createInstallPromptHarness,
  INSTALL_PROMPT_EFFECTS,
  installPromptExecutors,
  installPromptModel,
} from './installPrompt.model';
import { createLanguageHarness, LANGUAGE_EFFECTS, languageExecutors, languageModel } from './language.model';
import { createLiveTvHarness, LIVE_TV_EFFECTS, liveTvExecutors, liveTvModel } from './liveTv.model';
import {
  createMobileMoneyHarness,
  MOBILE_MONEY_EFFECTS,
  mobileMoneyExecutors,
  mobileMoneyModel,
} from './mobileMoney.model';
import type { ReplayOptions } from './modelHarness';
import { bookReaderOracle } from './oracles/bookReader.oracle';
import { cartOracle } from './oracles/cart.oracle';
import { checkoutOracle } from './oracles/checkout.oracle';
import { fileDownloadOracle } from './oracles/fileDownload.oracle';
import { formOracle } from './oracles/form.oracle';
import { installPromptOracle } from './oracles/installPrompt.oracle';
import { languageOracle } from './oracles/language.oracle';
import { liveTvOracle } from './oracles/liveTv.oracle';
import { mobileMoneyOracle } from './oracles/mobileMoney.oracle';
import { orderCheckoutOracle } from './oracles/orderCheckout.oracle';
import { plannerSyncOracle } from './oracles/plannerSync.oracle';
import { playbackOracle } from './oracles/playback.oracle';
import { redeemCodeOracle } from './oracles/redeemCode.oracle';
import { reminderSchedulerOracle } from './oracles/reminderScheduler.oracle';
import { resourceOracle } from './oracles/resource.oracle';
import { serviceWorkerOracle } from './oracles/serviceWorker.oracle';
import { sessionOracle } from './oracles/session.oracle';
import { videoDownloadOracle } from './oracles/videoDownload.oracle';
import { videoQualityOracle } from './oracles/videoQuality.oracle';
import {
  createOrderHarness,
  ORDER_EFFECTS,
  orderCheckoutModel,
  orderExecutors,
  orderInternalExecutors,
} from './orderCheckout.model';
import {
  createPlannerSyncHarness,
  PLANNER_SYNC_EFFECTS,
  plannerSyncExecutors,
  plannerSyncModel,
} from './plannerSync.model';
import { createPlaybackHarness, PLAYBACK_EFFECTS, playbackExecutors, playbackModel } from './playback.model';
import { createRedeemHarness, REDEEM_EFFECTS, redeemCodeModel, redeemExecutors } from './redeemCode.model';
import {
  createReminderSchedulerHarness,
  REMINDER_SCHEDULER_EFFECTS,
  reminderSchedulerExecutors,
  reminderSchedulerModel,
} from './reminderScheduler.model';
import { createResourceHarness, RESOURCE_EFFECTS, resourceExecutors, resourceModel } from './resource.model';
import {
  createServiceWorkerHarness,
  SERVICE_WORKER_EFFECTS,
  serviceWorkerExecutors,
  serviceWorkerModel,
} from './serviceWorker.model';
import { createSessionHarness, SESSION_EFFECTS, sessionExecutors, sessionModel } from './session.model';
import {
  createVideoDownloadHarness,
  VIDEO_DOWNLOAD_EFFECTS,
  videoDownloadExecutors,
  videoDownloadInternalExecutors,
  videoDownloadModel,
} from './videoDownload.model';
import {
  createVideoQualityHarness,
  VIDEO_QUALITY_EFFECTS,
  videoQualityExecutors,
  videoQualityModel,
} from './videoQuality.model';

// Each machine's model test in one place: its model, the machine with fakes, the executors of its events,
// the effects compared with the model at each step, and its oracle (tests/machines/oracles). The model tests
// (<machine>.test.ts) replay these; the mutants (mutants.test.ts) replay the same against mutated machines.

const replay = <TMachine extends AnyStateMachine>(options: ReplayOptions<TMachine>) => options;

export const REPLAYS = {
  cart: replay({
    model: cartModel,
    createHarness: createCartHarness,
    executors: cartExecutors,
    effectNames: CART_EFFECTS,
    // docs/product.md §4's cart rules.
    oracle: cartOracle,
  }),
  checkout: replay({
    model: checkoutModel,
    createHarness: () => createCheckoutHarness(),
    executors: checkoutExecutors,
    internalExecutors: checkoutInternalExecutors,
    effectNames: CHECKOUT_EFFECTS,
    // docs/product.md §4 and §8.
    oracle: checkoutOracle,
  }),
  mobileMoney: replay({
    model: mobileMoneyModel,
    createHarness: createMobileMoneyHarness,
    executors: mobileMoneyExecutors,
    effectNames: MOBILE_MONEY_EFFECTS,
    // docs/product.md §4, §5 and §9.
    oracle: mobileMoneyOracle,
  }),
  session: replay({
    model: sessionModel,
    createHarness: () => createSessionHarness(),
    executors: sessionExecutors,
    effectNames: SESSION_EFFECTS,
    // docs/product.md §4, §5 and §9.
    oracle: sessionOracle,
  }),
  installPrompt: replay({
    model: installPromptModel,
    createHarness: createInstallPromptHarness,
    executors: installPromptExecutors,
    effectNames: INSTALL_PROMPT_EFFECTS,
    // docs/product.md §2, §4 and §8.
    oracle: installPromptOracle,
  }),
  serviceWorker: replay({
    model: serviceWorkerModel,
    createHarness: createServiceWorkerHarness,
    executors: serviceWorkerExecutors,
    effectNames: SERVICE_WORKER_EFFECTS,
    // docs/product.md §8 and §9.
    oracle: serviceWorkerOracle,
  }),
  language: replay({
    model: languageModel,
    createHarness: createLanguageHarness,
    executors: languageExecutors,
    effectNames: LANGUAGE_EFFECTS,
    // docs/product.md §4 and §9.
    oracle: languageOracle,
  }),
  form: replay({
    model: formModel,
    createHarness: createFormHarness,
    executors: formExecutors,
    effectNames: FORM_EFFECTS,
    // docs/product.md §5.
    oracle: formOracle,
  }),
  redeemCode: replay({
    model: redeemCodeModel,
    createHarness: createRedeemHarness,
    executors: redeemExecutors,
    effectNames: REDEEM_EFFECTS,
    // Issue 20: access codes.
    oracle: redeemCodeOracle,
  }),
  resource: replay({
    model: resourceModel,
    createHarness: createResourceHarness,
    executors: resourceExecutors,
    effectNames: RESOURCE_EFFECTS,
    // A screen's loading, data, error and Retry (docs/product.md §8), and its offline copy (issue 18).
    oracle: resourceOracle,
  }),
  bookReader: replay({
    model: bookReaderModel,
    createHarness: createBookReaderHarness,
    executors: bookReaderExecutors,
    internalExecutors: bookReaderInternalExecutors,
    effectNames: BOOK_READER_EFFECTS,
    // Issue 8's reader.
    oracle: bookReaderOracle,
  }),
  fileDownload: replay({
    model: fileDownloadModel,
    createHarness: createFileDownloadHarness,
    executors: fileDownloadExecutors,
    internalExecutors: fileDownloadInternalExecutors,
    effectNames: FILE_DOWNLOAD_EFFECTS,
    // Issues 5 and 8's offline download.
    oracle: fileDownloadOracle,
  }),
  liveTv: replay({
    model: liveTvModel,
    createHarness: createLiveTvHarness,
    executors: liveTvExecutors,
    effectNames: LIVE_TV_EFFECTS,
    // Issue 8's live TV.
    oracle: liveTvOracle,
  }),
  videoQuality: replay({
    model: videoQualityModel,
    createHarness: createVideoQualityHarness,
    executors: videoQualityExecutors,
    effectNames: VIDEO_QUALITY_EFFECTS,
    // Issue 11's quality choice and Auto.
    oracle: videoQualityOracle,
  }),
  plannerSync: replay({
    model: plannerSyncModel,
    createHarness: createPlannerSyncHarness,
    executors: plannerSyncExecutors,
    effectNames: PLANNER_SYNC_EFFECTS,
    // Issue 9's sync: nothing lost, one request at a time, conflicts shown until read.
    oracle: plannerSyncOracle,
  }),
  reminderScheduler: replay({
    model: reminderSchedulerModel,
    createHarness: createReminderSchedulerHarness,
    executors: reminderSchedulerExecutors,
    effectNames: REMINDER_SCHEDULER_EFFECTS,
    // Issue 9's local notifications: permission, once, on time, the grace, the system's batch.
    oracle: reminderSchedulerOracle,
  }),
  videoDownload: replay({
    model: videoDownloadModel,
    createHarness: createVideoDownloadHarness,
    executors: videoDownloadExecutors,
    internalExecutors: videoDownloadInternalExecutors,
    effectNames: VIDEO_DOWNLOAD_EFFECTS,
    // Issues 5 and 11's resumable download: sizes first, Wi-Fi only, never starting over.
    oracle: videoDownloadOracle,
  }),
  playback: replay({
    model: playbackModel,
    createHarness: createPlaybackHarness,
    executors: playbackExecutors,
    effectNames: PLAYBACK_EFFECTS,
    // Issues 4, 5 and 11's player: access first, nothing before play, positions, views, fresh URLs.
    oracle: playbackOracle,
  }),
  orderCheckout: replay({
    model: orderCheckoutModel,
    createHarness: (input) => createOrderHarness(input),
    executors: orderExecutors,
    internalExecutors: orderInternalExecutors,
    effectNames: ORDER_EFFECTS,
    // Issue 8's shop order: quantity within the stock, the town, one payment per choice, the loader.
    oracle: orderCheckoutOracle,
  }),
};
