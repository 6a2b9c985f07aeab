import { HOME_PATH, STUDY_PATH } from '../../../src/app/first-card-preload';
import type { FirstScreenBootKeys } from '../../../src/app/first-screen-boot';
import { SECTION_IDS } from '../../../src/screens/SectionVideos/sections';
import { EARLY_ANSWERS_KEY } from '../../../src/services/api/early-answers';

/** The page's inline boot script's keys, as the boot tests build the page they run it in. */
export const BOOT_TEST_KEYS: FirstScreenBootKeys = {
  rootId: 'root',
  stateAttribute: 'data-prerendered',
  memberNavbarId: 'member-navbar',
  landingPath: '/landing',
  memberStartPath: '/home',
  tokenKey: 'id_token',
  userKey: 'user',
  cartKey: 'shopping_cart',
  languageKey: 'language',
  appCodeId: 'app-code',
  earlyAnswersKey: EARLY_ANSWERS_KEY,
  homePath: HOME_PATH,
  studyPath: STUDY_PATH,
  sectionIds: SECTION_IDS,
};
