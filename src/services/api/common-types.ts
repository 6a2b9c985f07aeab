// The API's shared words: languages, sections, roles, and the plain answers.

export type Language = 'en' | 'fr';

export interface Bilingual {
  en: string;
  fr: string;
}

export type Role = 'STUDENT';

export type Section =
  | 'anglophone'
  | 'francophone'
  | 'diploma-exams'
  | 'competitive-exams'
  | 'extra-curricular';

/** The sections with their own list calls (extra-curricular content only appears in the full lists). */
export type ListedSection = Exclude<Section, 'extra-curricular'>;

export interface MessageResponse {
  success: boolean;
  msg?: string;
}

export interface SuccessResponse {
  success: boolean;
}

export interface HealthResponse {
  ok: boolean;
  db: boolean;
  momo: boolean;
}
