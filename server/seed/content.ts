import type { Section } from '../lib/schemas';

export interface SeedBook {
  id: string;
  en: string;
  fr: string;
  author: string;
  section: Section;
  level: string;
  subjectTitle: string;
  descriptionEn: string;
  descriptionFr: string;
  cover: string;
  file: string;
  pages: number;
  language: 'en' | 'fr';
}

const picture = (discipline: string) => `/media/pictures/subject-${discipline}.webp`;
const book = (file: string) => `/media/books/${file}`;

export const SEED_BOOKS: SeedBook[] = [
  {
    id: 'book-maths-f5-revision',
    en: 'Mathematics Form 5: Revision Notes',
    fr: 'Mathématiques Form 5 : fiches de révision',
    author: 'Study App teachers',
    section: 'anglophone',
    level: 'Form 5',
    subjectTitle: 'Mathematics Form 5',
    descriptionEn: 'The formulas and methods of every Form 5 topic on one page each.',
    descriptionFr: 'Les formules et méthodes de chaque chapitre de Form 5, une page par chapitre.',
    cover: picture('maths'),
    file: book('maths-form5-revision.pdf'),
    pages: 1,
    language: 'en',
  },
  {
    id: 'book-gce-ol-maths-papers',
    en: 'GCE O Level Mathematics: Past Papers Workbook',
    fr: "GCE O Level Mathématiques : cahier d'anciens sujets",
    author: 'Study App teachers',
    section: 'diploma-exams',
    level: 'GCE O Level',
    subjectTitle: 'GCE O Level Mathematics - Past Papers',
    descriptionEn: 'The key results to know before sitting the O Level Mathematics papers.',
    descriptionFr: 'Les résultats à connaître avant les épreuves de mathématiques du O Level.',
    cover: picture('exam-prep'),
    file: book('maths-form5-revision.pdf'),
    pages: 1,
    language: 'en',
  },
  {
    id: 'book-pct-tle-c-fiches',
    en: 'Physics-Chemistry Terminale C: Summary Sheets',
    fr: 'Physique-Chimie Terminale C : fiches de synthèse',
    author: 'Équipe pédagogique Study App',
    section: 'francophone',
    level: 'Terminale',
    subjectTitle: 'Physique-Chimie Terminale C',
    descriptionEn: 'Kinematics, dynamics, oscillators, induction and acids and bases in a few pages.',
    descriptionFr: 'Cinématique, dynamique, oscillateurs, induction et acides-bases en quelques pages.',
    cover: picture('physics'),
    file: book('pct-terminale-c-fiches.pdf'),
    pages: 1,
    language: 'fr',
  },
  {
    id: 'book-bac-pct-annales',
    en: 'Baccalauréat C Physics: Key Formulas',
    fr: 'Baccalauréat C Physique : formules clés',
    author: 'Équipe pédagogique Study App',
    section: 'diploma-exams',
    level: 'Baccalauréat',
    subjectTitle: 'Physique-Chimie Terminale C',
    descriptionEn: 'Formulas to review the day before the Baccalauréat physics paper.',
    descriptionFr: "Les formules à revoir la veille de l'épreuve de physique du Baccalauréat.",
    cover: picture('exam-prep'),
    file: book('pct-terminale-c-fiches.pdf'),
    pages: 1,
    language: 'fr',
  },
  {
    id: 'book-concours-culture',
    en: 'Entrance Exams: General Culture',
    fr: 'Concours : culture générale',
    author: 'Équipe pédagogique Study App',
    section: 'competitive-exams',
    level: 'ENAM',
    subjectTitle: 'Concours ENAM - Culture générale',
    descriptionEn: 'Institutions, geography and essay method for the administration school exams.',
    descriptionFr: 'Institutions, géographie et méthode de dissertation pour les concours administratifs.',
    cover: picture('concours'),
    file: book('concours-culture-generale.pdf'),
    pages: 1,
    language: 'fr',
  },
  {
    id: 'book-concours-iric',
    en: 'IRIC Entrance Exam: International Affairs',
    fr: 'Concours IRIC : actualité internationale',
    author: 'Équipe pédagogique Study App',
    section: 'competitive-exams',
    level: 'IRIC',
    subjectTitle: 'Concours IRIC - Relations internationales',
    descriptionEn: 'Regional organisations and the essay method for the IRIC exam.',
    descriptionFr: "Organisations régionales et méthode de dissertation pour le concours de l'IRIC.",
    cover: picture('concours'),
    file: book('concours-culture-generale.pdf'),
    pages: 1,
    language: 'fr',
  },
];

export interface SeedScholarship {
  id: string;
  en: string;
  fr: string;
  provider: string;
  country: string;
  level: string;
  amount: string;
  deadline: string;
  descriptionEn: string;
  descriptionFr: string;
  url: string;
  picture: string;
}

export const SEED_SCHOLARSHIPS: SeedScholarship[] = [
  {
    id: 'sch-chevening',
    en: 'Chevening Scholarships (United Kingdom)',
    fr: 'Bourses Chevening (Royaume-Uni)',
    provider: 'UK Government',
    country: 'United Kingdom',
    level: "Master's",
    amount: 'Full tuition, living allowance and travel',
    deadline: '2027-11-04',
    descriptionEn:
      "One-year master's degrees in the UK for future leaders with two years of work experience.",
    descriptionFr:
      "Masters d'un an au Royaume-Uni pour de futurs dirigeants ayant deux ans d'expérience professionnelle.",
    url: 'https://www.chevening.org/',
    picture: picture('english'),
  },
  {
    id: 'sch-daad',
    en: 'DAAD Scholarships (Germany)',
    fr: 'Bourses du DAAD (Allemagne)',
    provider: 'DAAD - German Academic Exchange Service',
    country: 'Germany',
    level: "Master's and PhD",
    amount: 'Monthly stipend and insurance',
    deadline: '2027-10-15',
    descriptionEn: 'Study programmes in Germany for graduates from developing countries.',
    descriptionFr: "Programmes d'études en Allemagne pour les diplômés des pays en développement.",
    url: 'https://www.daad.de/en/',
    picture: picture('german'),
  },
  {
    id: 'sch-eiffel',
    en: 'Eiffel Excellence Scholarships (France)',
    fr: "Bourses d'excellence Eiffel (France)",
    provider: 'Campus France',
    country: 'France',
    level: "Master's and PhD",
    amount: 'Monthly allowance, travel and insurance',
    deadline: '2027-01-08',
    descriptionEn: 'For excellent international students applying to French higher-education institutions.',
    descriptionFr:
      "Pour les meilleurs étudiants internationaux candidats dans les établissements français d'enseignement supérieur.",
    url: 'https://www.campusfrance.org/en/eiffel-scholarship-program-of-excellence',
    picture: picture('french'),
  },
  {
    id: 'sch-commonwealth',
    en: "Commonwealth Master's Scholarships",
    fr: 'Bourses de master du Commonwealth',
    provider: 'Commonwealth Scholarship Commission',
    country: 'United Kingdom',
    level: "Master's",
    amount: 'Full tuition and stipend',
    deadline: '2027-10-17',
    descriptionEn: 'For students from Commonwealth countries, Cameroon included, to study in the UK.',
    descriptionFr:
      'Pour les étudiants des pays du Commonwealth, dont le Cameroun, souhaitant étudier au Royaume-Uni.',
    url: 'https://cscuk.fcdo.gov.uk/',
    picture: picture('history'),
  },
  {
    id: 'sch-mastercard',
    en: 'Mastercard Foundation Scholars Program',
    fr: 'Programme de bourses de la Fondation Mastercard',
    provider: 'Mastercard Foundation',
    country: 'Africa and worldwide',
    level: "Bachelor's and Master's",
    amount: 'Tuition, housing, books and mentoring',
    deadline: '2027-03-31',
    descriptionEn: 'For talented young Africans with limited financial means, at partner universities.',
    descriptionFr:
      'Pour de jeunes Africains talentueux aux moyens limités, dans des universités partenaires.',
    url: 'https://mastercardfdn.org/',
    picture: picture('careers'),
  },
];

export interface SeedHappening {
  id: string;
  en: string;
  fr: string;
  bodyEn: string;
  bodyFr: string;
  picture: string;
  date: string;
}

export const SEED_HAPPENINGS: SeedHappening[] = [
  {
    id: 'hap-gce-revision',
    en: 'GCE revision videos are online',
    fr: 'Les vidéos de révision du GCE sont en ligne',
    bodyEn:
      'Past papers of O Level Mathematics and A Level Physics are now solved step by step in the Diploma exams section.',
    bodyFr:
      'Les anciens sujets de mathématiques du O Level et de physique du A Level sont corrigés pas à pas dans la section Examens.',
    picture: picture('exam-prep'),
    date: '2026-03-02T08:00:00Z',
  },
  {
    id: 'hap-bac-annales',
    en: 'New Baccalauréat past papers',
    fr: 'Nouvelles annales du Baccalauréat',
    bodyEn:
      'SVT past papers for the Baccalauréat D have been added, with a teacher explaining each document.',
    bodyFr:
      'Les annales de SVT du Baccalauréat D ont été ajoutées, avec un enseignant qui explique chaque document.',
    picture: picture('biology'),
    date: '2026-02-16T08:00:00Z',
  },
  {
    id: 'hap-concours',
    en: 'Entrance exam packs for ENS and Polytechnique',
    fr: 'Packs concours ENS et Polytechnique',
    bodyEn: 'Prepare the ENS Yaoundé and Polytechnique Yaoundé entrance exams with dedicated video packs.',
    bodyFr: "Préparez les concours de l'ENS et de Polytechnique Yaoundé avec des packs vidéo dédiés.",
    picture: picture('concours'),
    date: '2026-01-20T08:00:00Z',
  },
  {
    id: 'hap-offline',
    en: 'Study with less mobile data',
    fr: 'Étudiez avec moins de données mobiles',
    bodyEn:
      'Videos now play at a lower resolution on slow networks, and the app keeps your lists for offline use.',
    bodyFr:
      "Les vidéos sont lues en basse résolution sur les réseaux lents et l'application garde vos listes hors ligne.",
    picture: picture('study-skills'),
    date: '2026-01-05T08:00:00Z',
  },
  {
    id: 'hap-free-skills',
    en: 'Free extra-curricular videos',
    fr: 'Vidéos parascolaires gratuites',
    bodyEn: 'Study skills, coding, entrepreneurship and careers videos are free for every student.',
    bodyFr:
      "Les vidéos de méthodologie, de code, d'entrepreneuriat et d'orientation sont gratuites pour tous.",
    picture: picture('coding'),
    date: '2025-12-10T08:00:00Z',
  },
];

export interface SeedProduct {
  id: string;
  en: string;
  fr: string;
  descriptionEn: string;
  descriptionFr: string;
  category: string;
  price: number;
  stock: number;
  picture: string;
}

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    id: 'prod-calculator',
    en: 'Scientific calculator',
    fr: 'Calculatrice scientifique',
    descriptionEn:
      'Allowed at the GCE, BEPC, Probatoire and Baccalauréat: fractions, statistics, trigonometry.',
    descriptionFr:
      'Autorisée au GCE, au BEPC, au Probatoire et au Baccalauréat : fractions, statistiques, trigonométrie.',
    category: 'stationery',
    price: 8500,
    stock: 40,
    picture: picture('maths'),
  },
  {
    id: 'prod-geometry-set',
    en: 'Geometry set',
    fr: 'Boîte de géométrie',
    descriptionEn: 'Compass, protractor, set squares and ruler in a metal box.',
    descriptionFr: 'Compas, rapporteur, équerres et règle dans une boîte en métal.',
    category: 'stationery',
    price: 1500,
    stock: 120,
    picture: picture('further-maths'),
  },
  {
    id: 'prod-exercise-books',
    en: 'Exercise books (pack of 10, 200 pages)',
    fr: 'Cahiers (lot de 10, 200 pages)',
    descriptionEn: 'Large ruled exercise books for a whole term.',
    descriptionFr: 'Grands cahiers lignés pour tout un trimestre.',
    category: 'stationery',
    price: 3500,
    stock: 200,
    picture: picture('english'),
  },
  {
    id: 'prod-gce-papers',
    en: 'GCE O Level past papers booklet',
    fr: "Recueil d'anciens sujets du GCE O Level",
    descriptionEn: 'Five years of O Level papers in Mathematics, English, Physics, Chemistry and Biology.',
    descriptionFr:
      'Cinq années de sujets du O Level en mathématiques, anglais, physique, chimie et biologie.',
    category: 'books',
    price: 4000,
    stock: 35,
    picture: picture('exam-prep'),
  },
  {
    id: 'prod-bac-annales',
    en: 'Baccalauréat C and D past papers',
    fr: 'Annales du Baccalauréat C et D',
    descriptionEn: 'Mathematics, physics-chemistry and SVT papers with answers.',
    descriptionFr: 'Sujets de mathématiques, physique-chimie et SVT avec corrigés.',
    category: 'books',
    price: 4500,
    stock: 30,
    picture: picture('chemistry'),
  },
  {
    id: 'prod-earphones',
    en: 'Earphones with microphone',
    fr: 'Écouteurs avec micro',
    descriptionEn: 'Follow the video lessons anywhere without disturbing anyone.',
    descriptionFr: 'Suivez les leçons vidéo partout sans déranger personne.',
    category: 'accessories',
    price: 2500,
    stock: 60,
    picture: picture('study-skills'),
  },
];

export interface SeedChannel {
  id: string;
  name: string;
  en: string;
  fr: string;
  descriptionEn: string;
  descriptionFr: string;
  language: 'en' | 'fr' | 'bilingual';
  logo: string;
  /** The channel's own live page: the stream plays there, under its owner's terms. */
  streamUrl: string;
  websiteUrl: string;
}

export const SEED_CHANNELS: SeedChannel[] = [
  {
    id: 'tv-crtv',
    name: 'CRTV',
    en: 'CRTV - Cameroon Radio Television',
    fr: 'CRTV - Cameroon Radio Television',
    descriptionEn: "Cameroon's national public broadcaster, in English and French.",
    descriptionFr: 'La télévision publique nationale du Cameroun, en anglais et en français.',
    language: 'bilingual',
    logo: picture('citizenship'),
    streamUrl: 'https://www.crtv.cm/',
    websiteUrl: 'https://www.crtv.cm/',
  },
  {
    id: 'tv-africanews',
    name: 'Africanews',
    en: 'Africanews',
    fr: 'Africanews',
    descriptionEn: 'Pan-African news channel, broadcasting in English and French.',
    descriptionFr: "Chaîne d'information panafricaine, en anglais et en français.",
    language: 'bilingual',
    logo: picture('geography'),
    streamUrl: 'https://www.africanews.com/live/',
    websiteUrl: 'https://www.africanews.com/',
  },
  {
    id: 'tv-france24',
    name: 'France 24',
    en: 'France 24 (French)',
    fr: 'France 24 (français)',
    descriptionEn: 'International news in French, useful for listening practice.',
    descriptionFr: "L'actualité internationale en français, utile pour travailler la compréhension orale.",
    language: 'fr',
    logo: picture('french'),
    streamUrl: 'https://www.france24.com/fr/direct',
    websiteUrl: 'https://www.france24.com/fr/',
  },
  {
    id: 'tv-tv5monde',
    name: 'TV5MONDE',
    en: 'TV5MONDE',
    fr: 'TV5MONDE',
    descriptionEn: 'French-language channel with programmes and lessons for learners of French.',
    descriptionFr: 'Chaîne francophone avec des programmes et des leçons pour apprendre le français.',
    language: 'fr',
    logo: picture('literature'),
    streamUrl: 'https://www.tv5monde.com/',
    websiteUrl: 'https://www.tv5monde.com/',
  },
];

/** The bundled headlines served when no NEWS_API_KEY is configured, in the news service's own shape. */
export const OFFLINE_NEWS = {
  status: 'ok',
  totalResults: 5,
  articles: [
    {
      source: { id: null, name: 'Study App' },
      author: 'Study App',
      title: 'GCE Board publishes the timetable of the O and A Level examinations',
      description: "Candidates can check the dates of every paper on the board's website.",
      url: 'https://camgceb.org/',
      urlToImage: null,
      publishedAt: '2026-03-01T09:00:00Z',
      content:
        "The Cameroon GCE Board has published the timetable of this year's Ordinary and Advanced Level examinations.",
    },
    {
      source: { id: null, name: 'Study App' },
      author: 'Study App',
      title: 'Office du Baccalauréat : calendrier des examens',
      description: 'Les dates du Probatoire et du Baccalauréat sont disponibles.',
      url: 'https://www.officedubac.cm/',
      urlToImage: null,
      publishedAt: '2026-02-25T09:00:00Z',
      content:
        "L'Office du Baccalauréat du Cameroun a publié le calendrier des épreuves écrites et pratiques.",
    },
    {
      source: { id: null, name: 'Study App' },
      author: 'Study App',
      title: 'How to build a revision timetable that works',
      description: 'Short daily sessions beat long nights before the exam.',
      url: 'https://camgceb.org/',
      urlToImage: null,
      publishedAt: '2026-02-18T09:00:00Z',
      content: 'Plan short sessions every day, mix subjects and test yourself with past papers.',
    },
    {
      source: { id: null, name: 'Study App' },
      author: 'Study App',
      title: "Bourses : les candidatures pour étudier à l'étranger sont ouvertes",
      description: 'Plusieurs programmes acceptent les candidats camerounais.',
      url: 'https://www.campusfrance.org/fr',
      urlToImage: null,
      publishedAt: '2026-02-10T09:00:00Z',
      content: "Consultez la rubrique Bourses de l'application pour les dates limites et les conditions.",
    },
    {
      source: { id: null, name: 'Study App' },
      author: 'Study App',
      title: 'Coding clubs open in secondary schools',
      description: 'Students learn to program even without a computer at home.',
      url: 'https://www.minesec.gov.cm/',
      urlToImage: null,
      publishedAt: '2026-01-28T09:00:00Z',
      content: 'Clubs meet after class; the free Coding for Beginners videos help students start at home.',
    },
  ],
};
