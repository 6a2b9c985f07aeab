import * as z from 'zod/mini';
import type { Scholarship } from '../../../contract/content';
import { scholarshipSchema } from '../../../contract/stored';
import type { SavedScholarship } from '../../rules/saved-scholarship';
import { SAVED_SCHOLARSHIPS_KEY, savedEntries } from '../../rules/saved-scholarship';
import { textIn } from '../../rules/text-in';
import type { KeyValueStore } from '../device-store';
import { createUpdateQueue, idbKeyValueStore } from '../device-store';

/**
 * The scholarships a student saved, kept on the device (docs/style.md 5: this module is their only writer).
 * `saved-scholarships` is read by the planner's deadline reminders: its shape is src/rules/saved-scholarship.ts.
 * The full text of each one is kept beside it, so a saved scholarship reads offline.
 */
export const SAVED_SCHOLARSHIP_TEXTS_KEY = 'saved-scholarship-texts';

export interface SavedScholarships {
  /** Nearest deadline first; empty when nothing is saved or the device keeps nothing. */
  list(): Promise<SavedScholarship[]>;
  /** Saves (or refreshes) one; throws when the device refuses to keep it. */
  save(scholarship: Scholarship, now: number): Promise<void>;
  remove(id: string): Promise<void>;
  /** The full copy saved with it, for reading offline. */
  details(id: string): Promise<Scholarship | null>;
  /** Every saved full copy, nearest deadline first. */
  allDetails(): Promise<Scholarship[]>;
}

/** The full texts, by scholarship id: each read through the contract's schema, a malformed one left out. */
const storedTextsSchema = z.record(z.string(), z.unknown());

function textsOf(value: unknown): Record<string, Scholarship> {
  const parsed = storedTextsSchema.safeParse(value);
  if (!parsed.success) return {};
  return Object.fromEntries(
    Object.entries(parsed.data).flatMap(([id, item]) => {
      const text = scholarshipSchema.safeParse(item);
      return text.success ? [[id, text.data]] : [];
    }),
  );
}

const byDeadline = <T extends { deadline: string }>(a: T, b: T) =>
  Date.parse(a.deadline) - Date.parse(b.deadline);

export function createSavedScholarships(store: KeyValueStore | null = idbKeyValueStore()): SavedScholarships {
  const queue = createUpdateQueue();

  const readList = async (): Promise<SavedScholarship[]> => {
    if (!store) return [];
    try {
      const value = await store.get(SAVED_SCHOLARSHIPS_KEY);
      return savedEntries(value);
    } catch {
      return [];
    }
  };
  const readTexts = async (): Promise<Record<string, Scholarship>> => {
    if (!store) return {};
    try {
      return textsOf(await store.get(SAVED_SCHOLARSHIP_TEXTS_KEY));
    } catch {
      return {};
    }
  };
  const requireStore = (): KeyValueStore => {
    if (!store) throw new Error('This device cannot keep saved scholarships');
    return store;
  };

  return {
    list: async () => (await readList()).sort(byDeadline),
    save: (scholarship, now) =>
      queue(async () => {
        const target = requireStore();
        const entry: SavedScholarship = {
          id: scholarship._id,
          title: { en: scholarship.title.en, fr: scholarship.title.fr },
          provider: textIn(scholarship.provider, 'en'),
          providerName: {
            en: textIn(scholarship.provider, 'en'),
            fr: textIn(scholarship.provider, 'fr'),
          },
          deadline: scholarship.deadline,
          url: scholarship.link,
          savedAt: new Date(now).toISOString(),
        };
        const list = (await readList()).filter((item) => item.id !== entry.id);
        const texts = await readTexts();
        // The text first: a listed scholarship must always have its text to show.
        await target.set(SAVED_SCHOLARSHIP_TEXTS_KEY, { ...texts, [entry.id]: scholarship });
        await target.set(SAVED_SCHOLARSHIPS_KEY, [...list, entry]);
      }),
    remove: (id) =>
      queue(async () => {
        const target = requireStore();
        await target.set(
          SAVED_SCHOLARSHIPS_KEY,
          (await readList()).filter((item) => item.id !== id),
        );
        const { [id]: _removed, ...texts } = await readTexts();
        await target.set(SAVED_SCHOLARSHIP_TEXTS_KEY, texts);
      }),
    details: async (id) => {
      const listed = (await readList()).some((item) => item.id === id);
      return listed ? ((await readTexts())[id] ?? null) : null;
    },
    allDetails: async () => {
      const ids = new Set((await readList()).map((item) => item.id));
      return Object.values(await readTexts())
        .filter((item) => ids.has(item._id))
        .sort(byDeadline);
    },
  };
}
