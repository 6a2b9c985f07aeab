// The headlines `news/top-headlines` serves when no NEWS_API_KEY is configured: the content module's own data
// (not the seed catalogue's: the running server reads it, and never loads server/seed/).

/** The bundled articles' pictures: the seed catalogue's subject pictures, served by the media module. */
const picture = (discipline: string) => `/media/pictures/subject-${discipline}.webp`;

export interface BundledArticle {
  source: { id: string | null; name: string };
  author: string | null;
  title: string;
  description: string | null;
  url: string;
  /** A path of this server's pictures: the route makes it absolute. */
  urlToImage: string | null;
  publishedAt: string;
  content: string | null;
}

/** Where an article comes from: the organisation that published the news, and its page. */
interface ArticleSource {
  name: string;
  url: string;
}

const en = (
  title: string,
  publishedAt: string,
  description: string,
  content: string,
  source: ArticleSource,
  image: string,
): BundledArticle => ({
  source: { id: null, name: source.name },
  author: 'StudyCam Newsroom',
  title,
  description,
  url: source.url,
  urlToImage: picture(image),
  publishedAt,
  content,
});
const fr = (...args: Parameters<typeof en>): BundledArticle => ({
  ...en(...args),
  author: 'Rédaction StudyCam',
});

// Each article names the organisation its news comes from, whose site "Read the full article on …" opens.
const GCE_BOARD = { name: 'Cameroon GCE Board', url: 'https://camgceb.org/' };
const OFFICE_DU_BAC = { name: 'Office du Baccalauréat du Cameroun', url: 'https://www.officedubac.cm/' };
const MINESEC = { name: 'MINESEC', url: 'https://www.minesec.gov.cm/' };
const MINESUP = { name: 'MINESUP', url: 'https://www.minesup.gov.cm/' };
const MINPOSTEL = { name: 'MINPOSTEL', url: 'https://www.minpostel.gov.cm/' };
const CAMEROON_TRIBUNE = { name: 'Cameroon Tribune', url: 'https://www.cameroon-tribune.cm/' };
const MASTERCARD = { name: 'Mastercard Foundation', url: 'https://mastercardfdn.org/' };
const MASTERCARD_FR = { name: 'Fondation Mastercard', url: 'https://mastercardfdn.org/' };

/**
 * The headlines served when no NEWS_API_KEY is configured: education news for Cameroon, in the news
 * service's own article shape, one set per language.
 */
export const BUNDLED_NEWS: Record<'en' | 'fr', BundledArticle[]> = {
  en: [
    en(
      'GCE Board opens registration for the 2027 O and A Level examinations',
      '2026-11-18T08:30:00Z',
      'School candidates register through their schools; private candidates at the GCE Board regional offices.',
      'Registration for the 2027 Ordinary and Advanced Level examinations is open. Check the closing date with your principal, and make sure the subjects on your form are the ones you study: a change after the deadline is not possible.',
      GCE_BOARD,
      'exam-prep',
    ),
    en(
      'First term ends on 18 December, second term starts on 5 January',
      '2026-11-09T07:00:00Z',
      'The school calendar gives students two weeks of holidays to revise the first-term topics.',
      'Secondary schools close for the Christmas holidays on 18 December. Teachers advise students to use the break to redo the first-term exercises and past papers before the second term begins.',
      MINESEC,
      'history',
    ),
    en(
      'How to prepare the ENS Yaoundé entrance exam from Upper Sixth',
      '2026-10-27T09:15:00Z',
      'Past papers, general culture and a revision timetable: what successful candidates did.',
      'Former candidates recommend starting with the past papers of the last five years, reading the news every day for the general culture paper and keeping a weekly timetable from January.',
      MINESUP,
      'concours',
    ),
    en(
      'Coding clubs open in 40 secondary schools of Douala and Yaoundé',
      '2026-10-20T10:00:00Z',
      'Students learn to program after class, even without a computer at home.',
      'The clubs meet twice a week in the schools’ computer rooms. Students who cannot attend can start with the free Coding for Beginners videos in the app.',
      MINPOSTEL,
      'coding',
    ),
    en(
      'Mastercard Foundation Scholars: applications open for 2027',
      '2026-10-05T08:00:00Z',
      'Young Africans with limited means can apply for a full scholarship at a partner university.',
      'The programme covers tuition, housing, books and travel. Open the Scholarships screen to see the deadline, the conditions and the link to apply.',
      MASTERCARD,
      'careers',
    ),
    en(
      'Back to school: the 2026/2027 school year has begun',
      '2026-09-07T06:30:00Z',
      'Millions of pupils and students returned to class across the ten regions.',
      'Schools reopened on Monday. Students in examination classes (Form 5, Upper Sixth, 3e, 1ère and Terminale) are advised to plan their revision from the first week.',
      CAMEROON_TRIBUNE,
      'study-skills',
    ),
  ],
  fr: [
    fr(
      'Office du Bac : ouverture des inscriptions au Probatoire et au Baccalauréat 2027',
      '2026-11-19T08:30:00Z',
      "Les candidats officiels s'inscrivent dans leur établissement, les candidats libres auprès des délégations.",
      "Les inscriptions aux examens du Probatoire et du Baccalauréat de la session 2027 sont ouvertes. Vérifiez la série et les matières à option inscrites sur votre fiche : aucune modification n'est possible après la clôture.",
      OFFICE_DU_BAC,
      'exam-prep',
    ),
    fr(
      "Concours de l'ENS de Yaoundé : comment s'y préparer dès la Terminale",
      '2026-11-12T09:00:00Z',
      'Anciens sujets, culture générale et planning de révision : les conseils des lauréats.',
      "Les anciens candidats conseillent de traiter les sujets des cinq dernières années, de suivre l'actualité chaque jour pour l'épreuve de culture générale et de tenir un planning hebdomadaire dès janvier.",
      MINESUP,
      'concours',
    ),
    fr(
      'Fin du premier trimestre le 18 décembre, reprise des cours le 5 janvier',
      '2026-11-02T07:00:00Z',
      'Deux semaines de congés pour reprendre les chapitres du premier trimestre.',
      'Les établissements secondaires ferment le 18 décembre pour les congés de Noël. Les enseignants recommandent de refaire les exercices et les anciens sujets avant la reprise.',
      MINESEC,
      'history',
    ),
    fr(
      'Des clubs de code ouvrent dans 40 lycées de Douala et de Yaoundé',
      '2026-10-21T10:00:00Z',
      'Les élèves apprennent à programmer après les cours, même sans ordinateur à la maison.',
      "Les clubs se réunissent deux fois par semaine en salle informatique. Ceux qui ne peuvent pas y assister peuvent commencer avec les vidéos gratuites « Coding for Beginners » de l'application.",
      MINPOSTEL,
      'coding',
    ),
    fr(
      'Bourses : les candidatures Mastercard Foundation sont ouvertes pour 2027',
      '2026-10-06T08:00:00Z',
      'Les jeunes Africains aux moyens limités peuvent demander une bourse complète dans une université partenaire.',
      "Le programme couvre la scolarité, le logement, les livres et le voyage. Ouvrez l'écran Bourses pour voir la date limite, les conditions et le lien pour postuler.",
      MASTERCARD_FR,
      'careers',
    ),
    fr(
      'Rentrée scolaire 2026-2027 : les élèves ont repris le chemin des classes',
      '2026-09-07T06:30:00Z',
      'Des millions d’élèves ont retrouvé leurs salles de classe dans les dix régions.',
      "Les établissements ont rouvert lundi. Les élèves des classes d'examen (3e, 1ère, Terminale, Form 5 et Upper Sixth) sont invités à planifier leurs révisions dès la première semaine.",
      CAMEROON_TRIBUNE,
      'study-skills',
    ),
  ],
};
