import type { Section } from '../lib/schemas';

export interface SeedBook {
  id: string;
  en: string;
  fr: string;
  /** The credit in each language: a team's name is the app's own words. */
  author: { en: string; fr: string };
  section: Section;
  level: string;
  /** The subject whose access opens the book. */
  subjectId: string;
  descriptionEn: string;
  descriptionFr: string;
  cover: string;
  /** A file of server/seed/media/books/ (written by scripts/generate-seed-books.ts). */
  file: string;
  pages: number;
  language: 'en' | 'fr';
  /** Free to read even though the subject is paid. */
  free: boolean;
}

const picture = (discipline: string) => `/media/pictures/subject-${discipline}.webp`;

/** The seed books' authors: StudyCam's own teachers, one team. */
const STUDYCAM_TEACHERS = { en: 'StudyCam teachers', fr: 'Équipe pédagogique StudyCam' };

export const SEED_BOOKS: SeedBook[] = [
  {
    id: 'book-maths-f5-formulas',
    en: 'Mathematics Form 5: Formula Sheet',
    fr: 'Mathématiques Form 5 : formulaire',
    author: STUDYCAM_TEACHERS,
    section: 'anglophone',
    level: 'Form 5',
    subjectId: 'ang-maths-f5',
    descriptionEn: 'Every formula of the O Level syllabus on three pages. Free for every student.',
    descriptionFr: 'Toutes les formules du programme du O Level en trois pages. Gratuit pour tous.',
    cover: picture('maths'),
    file: 'maths-form5-formula-sheet.pdf',
    pages: 3,
    language: 'en',
    free: true,
  },
  {
    id: 'book-maths-f5-revision',
    en: 'Mathematics Form 5: Revision Notes',
    fr: 'Mathématiques Form 5 : fiches de révision',
    author: STUDYCAM_TEACHERS,
    section: 'anglophone',
    level: 'Form 5',
    subjectId: 'ang-maths-f5',
    descriptionEn: 'The methods of every Form 5 topic with a worked example, one page per topic.',
    descriptionFr:
      'Les méthodes de chaque chapitre de Form 5 avec un exemple corrigé, une page par chapitre.',
    cover: picture('maths'),
    file: 'maths-form5-revision.pdf',
    pages: 5,
    language: 'en',
    free: false,
  },
  {
    id: 'book-gce-ol-maths-papers',
    en: 'GCE O Level Mathematics: Past Papers Workbook',
    fr: "GCE O Level Mathématiques : cahier d'anciens sujets",
    author: STUDYCAM_TEACHERS,
    section: 'diploma-exams',
    level: 'GCE O Level',
    subjectId: 'dip-gce-ol-maths',
    descriptionEn: 'Paper 1 and Paper 2 practice questions with their methods.',
    descriptionFr: "Des questions d'entraînement des épreuves 1 et 2, avec leurs méthodes.",
    cover: picture('exam-prep'),
    file: 'gce-ol-maths-past-papers.pdf',
    pages: 4,
    language: 'en',
    free: false,
  },
  {
    id: 'book-pct-tle-c-fiches',
    en: 'Physics-Chemistry Terminale C: Summary Sheets',
    fr: 'Physique-Chimie Terminale C : fiches de synthèse',
    author: STUDYCAM_TEACHERS,
    section: 'francophone',
    level: 'Terminale',
    subjectId: 'fr-pct-tle-c',
    descriptionEn: 'Kinematics, dynamics, oscillators, induction and acids and bases in five pages.',
    descriptionFr: 'Cinématique, dynamique, oscillateurs, induction et acides-bases en cinq pages.',
    cover: picture('physics'),
    file: 'pct-terminale-c-fiches.pdf',
    pages: 5,
    language: 'fr',
    free: false,
  },
  {
    id: 'book-bac-c-physique',
    en: 'Baccalauréat C Physics: Key Formulas',
    fr: 'Baccalauréat C Physique : formules clés',
    author: STUDYCAM_TEACHERS,
    section: 'francophone',
    level: 'Terminale',
    subjectId: 'fr-pct-tle-c',
    descriptionEn: 'The formulas to review the day before the Baccalauréat physics paper.',
    descriptionFr: "Les formules à revoir la veille de l'épreuve de physique du Baccalauréat.",
    cover: picture('exam-prep'),
    file: 'bac-c-physique-formules.pdf',
    pages: 4,
    language: 'fr',
    free: true,
  },
  {
    id: 'book-concours-culture',
    en: 'Entrance Exams: General Culture',
    fr: 'Concours : culture générale',
    author: STUDYCAM_TEACHERS,
    section: 'competitive-exams',
    level: 'ENAM',
    subjectId: 'conc-enam',
    descriptionEn: 'Institutions, geography and the essay method for the administration school exams.',
    descriptionFr: 'Institutions, géographie et méthode de dissertation pour les concours administratifs.',
    cover: picture('concours'),
    file: 'concours-culture-generale.pdf',
    pages: 4,
    language: 'fr',
    free: false,
  },
  {
    id: 'book-concours-iric',
    en: 'IRIC Entrance Exam: International Affairs',
    fr: 'Concours IRIC : actualité internationale',
    author: STUDYCAM_TEACHERS,
    section: 'competitive-exams',
    level: 'IRIC',
    subjectId: 'conc-iric',
    descriptionEn: 'The United Nations, Africa in the world and the document commentary for the IRIC exam.',
    descriptionFr: "Les Nations unies, l'Afrique dans le monde et le commentaire de document pour l'IRIC.",
    cover: picture('concours'),
    file: 'concours-iric-international.pdf',
    pages: 3,
    language: 'fr',
    free: false,
  },
  {
    id: 'book-study-skills',
    en: 'Study Skills: A Revision Guide',
    fr: 'Méthodologie : guide de révision',
    author: STUDYCAM_TEACHERS,
    section: 'extra-curricular',
    level: 'All levels',
    subjectId: 'ext-study-skills',
    descriptionEn: 'Plan your revision, revise actively and keep calm on the day of the exam.',
    descriptionFr: "Planifier ses révisions, réviser activement et garder son calme le jour de l'examen.",
    cover: picture('study-skills'),
    file: 'study-skills-revision-guide.pdf',
    pages: 3,
    language: 'en',
    free: false,
  },
];

/** Study levels a scholarship funds (the app translates them). */
export type StudyLevel = 'secondary' | 'bachelor' | 'master' | 'phd';

export interface SeedScholarship {
  id: string;
  en: string;
  fr: string;
  /** Who offers it, in each language: an organisation's own name where it has one in French too. */
  provider: { en: string; fr: string };
  /** ISO 3166-1 alpha-2, or 'INTL' for programmes in several countries. */
  country: string;
  levels: StudyLevel[];
  amountEn: string;
  amountFr: string;
  /** The last day applications are accepted, in Cameroon (stored as 23:59:59 WAT that day). */
  deadline: string;
  descriptionEn: string;
  descriptionFr: string;
  eligibilityEn: string;
  eligibilityFr: string;
  url: string;
  picture: string;
}

export const SEED_SCHOLARSHIPS: SeedScholarship[] = [
  {
    id: 'sch-mastercard',
    en: 'Mastercard Foundation Scholars Program',
    fr: 'Programme de bourses de la Fondation Mastercard',
    provider: { en: 'Mastercard Foundation', fr: 'Fondation Mastercard' },
    country: 'INTL',
    levels: ['bachelor', 'master'],
    amountEn: 'Tuition, housing, books, travel and mentoring',
    amountFr: 'Frais de scolarité, logement, livres, voyage et mentorat',
    deadline: '2027-01-31',
    descriptionEn:
      'Full scholarships at partner universities in Africa and abroad for talented young Africans with limited financial means, with leadership training and a network of alumni.',
    descriptionFr:
      "Des bourses complètes dans des universités partenaires en Afrique et ailleurs pour de jeunes Africains talentueux aux moyens limités, avec une formation au leadership et un réseau d'anciens.",
    eligibilityEn:
      'African citizens with excellent results who can show financial need and commitment to their community. Apply directly to a partner university.',
    eligibilityFr:
      "Citoyens africains aux excellents résultats, pouvant justifier de besoins financiers et d'un engagement pour leur communauté. La candidature se fait auprès d'une université partenaire.",
    url: 'https://mastercardfdn.org/',
    picture: picture('careers'),
  },
  {
    id: 'sch-turkiye',
    en: 'Türkiye Scholarships',
    fr: 'Bourses Türkiye Burslari',
    provider: { en: 'Government of Türkiye', fr: 'Gouvernement de la Türkiye' },
    country: 'TR',
    levels: ['bachelor', 'master', 'phd'],
    amountEn: 'Tuition, monthly stipend, housing, health insurance, flight and a Turkish language year',
    amountFr: 'Scolarité, allocation mensuelle, logement, assurance maladie, billet et une année de turc',
    deadline: '2027-02-20',
    descriptionEn:
      'A fully funded programme for undergraduate and graduate studies at Turkish universities, starting with one year of Turkish language classes.',
    descriptionFr:
      "Un programme entièrement financé pour la licence, le master ou le doctorat dans les universités turques, avec d'abord une année de cours de turc.",
    eligibilityEn:
      "Secondary-school leavers under 21 for a bachelor's degree, with at least 70% in their final exams (GCE A Level or Baccalauréat).",
    eligibilityFr:
      'Bacheliers de moins de 21 ans pour la licence, avec au moins 70 % aux examens de fin d’études (GCE A Level ou Baccalauréat).',
    url: 'https://www.turkiyeburslari.gov.tr/',
    picture: picture('geography'),
  },
  {
    id: 'sch-chinese-government',
    en: 'Chinese Government Scholarship',
    fr: 'Bourse du gouvernement chinois',
    provider: { en: 'China Scholarship Council', fr: 'Conseil chinois des bourses (CSC)' },
    country: 'CN',
    levels: ['bachelor', 'master', 'phd'],
    amountEn: 'Tuition, accommodation, monthly stipend and medical insurance',
    amountFr: 'Scolarité, hébergement, allocation mensuelle et assurance médicale',
    deadline: '2027-03-15',
    descriptionEn:
      'Scholarships for studies in China, often with a preparatory year of Chinese. Candidates from Cameroon apply through the embassy or a Chinese university.',
    descriptionFr:
      "Des bourses pour étudier en Chine, souvent avec une année préparatoire de chinois. Les candidats camerounais passent par l'ambassade ou une université chinoise.",
    eligibilityEn:
      "Non-Chinese citizens in good health, with a secondary-school certificate for a bachelor's degree, under 25.",
    eligibilityFr:
      'Ressortissants non chinois en bonne santé, titulaires du baccalauréat pour la licence, âgés de moins de 25 ans.',
    url: 'https://www.campuschina.org/',
    picture: picture('economics'),
  },
  {
    id: 'sch-eiffel',
    en: 'Eiffel Excellence Scholarships (France)',
    fr: "Bourses d'excellence Eiffel (France)",
    provider: { en: 'Campus France', fr: 'Campus France' },
    country: 'FR',
    levels: ['master', 'phd'],
    amountEn: 'About 1,200 euros a month, travel and insurance',
    amountFr: 'Environ 1 200 euros par mois, voyage et assurance',
    deadline: '2027-01-08',
    descriptionEn:
      "For the best international students admitted to a master's or a PhD in a French higher-education institution, which applies on their behalf.",
    descriptionFr:
      'Pour les meilleurs étudiants internationaux admis en master ou en doctorat dans un établissement français, qui présente lui-même la candidature.',
    eligibilityEn:
      "Under 30 for a master's degree, not of French nationality, nominated by the French institution.",
    eligibilityFr:
      "Moins de 30 ans pour le master, sans la nationalité française, présenté par l'établissement français.",
    url: 'https://www.campusfrance.org/en/eiffel-scholarship-program-of-excellence',
    picture: picture('french'),
  },
  {
    id: 'sch-daad',
    en: 'DAAD Scholarships (Germany)',
    fr: 'Bourses du DAAD (Allemagne)',
    provider: {
      en: 'DAAD - German Academic Exchange Service',
      fr: "DAAD - Office allemand d'échanges universitaires",
    },
    country: 'DE',
    levels: ['master', 'phd'],
    amountEn: 'Monthly stipend, travel allowance and insurance',
    amountFr: 'Allocation mensuelle, frais de voyage et assurance',
    deadline: '2026-10-15',
    descriptionEn:
      'Development-related postgraduate courses at German universities for graduates from developing countries.',
    descriptionFr:
      'Des masters liés au développement dans les universités allemandes pour les diplômés des pays en développement.',
    eligibilityEn: 'A first degree and at least two years of professional experience.',
    eligibilityFr: "Un premier diplôme universitaire et au moins deux ans d'expérience professionnelle.",
    url: 'https://www.daad.de/en/',
    picture: picture('german'),
  },
  {
    id: 'sch-chevening',
    en: 'Chevening Scholarships (United Kingdom)',
    fr: 'Bourses Chevening (Royaume-Uni)',
    provider: { en: 'UK Government', fr: 'Gouvernement britannique' },
    country: 'GB',
    levels: ['master'],
    amountEn: 'Full tuition, living allowance and return flight',
    amountFr: 'Scolarité complète, allocation de subsistance et billet aller-retour',
    deadline: '2027-11-04',
    descriptionEn: "One-year master's degrees at any UK university for future leaders.",
    descriptionFr:
      "Des masters d'un an dans l'université britannique de son choix pour de futurs dirigeants.",
    eligibilityEn:
      "A bachelor's degree and two years of work experience; return to Cameroon for two years afterwards.",
    eligibilityFr:
      "Une licence et deux ans d'expérience professionnelle ; revenir au Cameroun pendant deux ans après les études.",
    url: 'https://www.chevening.org/',
    picture: picture('english'),
  },
  {
    id: 'sch-commonwealth',
    en: "Commonwealth Master's Scholarships",
    fr: 'Bourses de master du Commonwealth',
    provider: { en: 'Commonwealth Scholarship Commission', fr: 'Commission des bourses du Commonwealth' },
    country: 'GB',
    levels: ['master', 'phd'],
    amountEn: 'Full tuition, stipend and travel',
    amountFr: 'Scolarité complète, allocation et voyage',
    deadline: '2027-10-17',
    descriptionEn: 'For students from Commonwealth countries, Cameroon included, to study in the UK.',
    descriptionFr:
      'Pour les étudiants des pays du Commonwealth, dont le Cameroun, souhaitant étudier au Royaume-Uni.',
    eligibilityEn: 'Citizens of a Commonwealth country with at least an upper second-class first degree.',
    eligibilityFr:
      "Citoyens d'un pays du Commonwealth titulaires d'une licence avec au moins une mention bien.",
    url: 'https://cscuk.fcdo.gov.uk/',
    picture: picture('history'),
  },
  {
    id: 'sch-ala',
    en: 'African Leadership Academy (South Africa)',
    fr: 'African Leadership Academy (Afrique du Sud)',
    provider: { en: 'African Leadership Academy', fr: 'African Leadership Academy' },
    country: 'ZA',
    levels: ['secondary'],
    amountEn: 'Need-based aid covering up to the full cost of the two-year programme',
    amountFr: "Une aide selon les besoins, jusqu'au coût complet du programme de deux ans",
    deadline: '2027-03-01',
    descriptionEn:
      'A two-year pre-university programme in Johannesburg (Cambridge A Levels) for young leaders from across Africa.',
    descriptionFr:
      'Un programme pré-universitaire de deux ans à Johannesburg (A Levels de Cambridge) pour de jeunes leaders de toute l’Afrique.',
    eligibilityEn:
      'Students aged 15 to 19 in Form 4, Form 5 or Lower Sixth who have led a project in their community.',
    eligibilityFr:
      "Élèves de 15 à 19 ans en 2nde, 1ère ou l'équivalent, ayant mené un projet dans leur communauté.",
    url: 'https://www.africanleadershipacademy.org/',
    picture: picture('citizenship'),
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
  /** textbooks, past-papers, calculators, stationery, uniforms or accessories (the app translates them). */
  category: string;
  price: number;
  stock: number;
  /** The product's pictures under /media/pictures/ (written by scripts/generate-seed-media.sh). */
  pictures: string[];
}

const productPictures = (key: string) => [
  `/media/pictures/product-${key}-1.webp`,
  `/media/pictures/product-${key}-2.webp`,
];

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    id: 'prod-textbook-maths-f5',
    en: 'Mathematics Form 5 textbook',
    fr: 'Manuel de mathématiques Form 5',
    descriptionEn: 'The O Level syllabus chapter by chapter, with worked examples and past GCE questions.',
    descriptionFr:
      'Le programme du O Level chapitre par chapitre, avec des exemples corrigés et des sujets du GCE.',
    category: 'textbooks',
    price: 6500,
    stock: 3,
    pictures: productPictures('textbook-maths-f5'),
  },
  {
    id: 'prod-textbook-pct-tle',
    en: 'Physics-Chemistry Terminale C textbook',
    fr: 'Manuel de physique-chimie Terminale C',
    descriptionEn: 'The whole Terminale C programme, with exercises and Baccalauréat problems.',
    descriptionFr: 'Tout le programme de Terminale C, avec des exercices et des problèmes du Baccalauréat.',
    category: 'textbooks',
    price: 7000,
    stock: 12,
    pictures: productPictures('textbook-pct-tle'),
  },
  {
    id: 'prod-gce-papers',
    en: 'GCE O Level past papers booklet',
    fr: "Recueil d'anciens sujets du GCE O Level",
    descriptionEn: 'Five years of O Level papers in Mathematics, English, Physics, Chemistry and Biology.',
    descriptionFr:
      'Cinq années de sujets du O Level en mathématiques, anglais, physique, chimie et biologie.',
    category: 'past-papers',
    price: 4000,
    stock: 35,
    pictures: productPictures('gce-papers'),
  },
  {
    id: 'prod-bac-annales',
    en: 'Baccalauréat C and D past papers',
    fr: 'Annales du Baccalauréat C et D',
    descriptionEn: 'Mathematics, physics-chemistry and SVT papers with their answers.',
    descriptionFr: 'Sujets de mathématiques, physique-chimie et SVT avec leurs corrigés.',
    category: 'past-papers',
    price: 4500,
    stock: 30,
    pictures: productPictures('bac-annales'),
  },
  {
    id: 'prod-calculator',
    en: 'Scientific calculator',
    fr: 'Calculatrice scientifique',
    descriptionEn:
      'Allowed at the GCE, BEPC, Probatoire and Baccalauréat: fractions, statistics, trigonometry, equations.',
    descriptionFr:
      'Autorisée au GCE, au BEPC, au Probatoire et au Baccalauréat : fractions, statistiques, trigonométrie, équations.',
    category: 'calculators',
    price: 8500,
    stock: 40,
    pictures: productPictures('calculator'),
  },
  {
    id: 'prod-calculator-solar',
    en: 'Solar scientific calculator',
    fr: 'Calculatrice scientifique solaire',
    descriptionEn: 'Works without batteries, in class and in the exam hall.',
    descriptionFr: "Fonctionne sans piles, en classe comme en salle d'examen.",
    category: 'calculators',
    price: 6000,
    stock: 0,
    pictures: productPictures('calculator-solar'),
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
    pictures: productPictures('geometry-set'),
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
    pictures: productPictures('exercise-books'),
  },
  {
    id: 'prod-uniform-shirt',
    en: 'School uniform shirt (sky blue)',
    fr: "Chemise d'uniforme scolaire (bleu ciel)",
    descriptionEn:
      'Short sleeves, cotton blend, sizes 10 to 18 years. Tell us the size in the delivery note.',
    descriptionFr: 'Manches courtes, coton mélangé, tailles 10 à 18 ans. Indiquez la taille à la livraison.',
    category: 'uniforms',
    price: 4000,
    stock: 50,
    pictures: productPictures('uniform-shirt'),
  },
  {
    id: 'prod-uniform-trousers',
    en: 'School uniform trousers (navy)',
    fr: "Pantalon d'uniforme scolaire (bleu marine)",
    descriptionEn: 'Hard-wearing navy trousers, sizes 10 to 18 years.',
    descriptionFr: 'Pantalon bleu marine résistant, tailles 10 à 18 ans.',
    category: 'uniforms',
    price: 5000,
    stock: 25,
    pictures: productPictures('uniform-trousers'),
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
    pictures: productPictures('earphones'),
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
  /** Played out by this server from server/seed/media/live/<id>/ (a loop that behaves like a live stream). */
  local: boolean;
  /** The channel's own site: where a channel that is only linked to plays. */
  websiteUrl: string | null;
}

export const SEED_CHANNELS: SeedChannel[] = [
  {
    id: 'studycam-live',
    name: 'StudyCam Live',
    en: 'StudyCam Live: lessons all day',
    fr: 'StudyCam Live : des leçons toute la journée',
    descriptionEn:
      'Our own channel: short lessons in mathematics, sciences, languages, history and study skills, one after the other.',
    descriptionFr:
      'Notre propre chaîne : de courtes leçons de mathématiques, de sciences, de langues, d’histoire et de méthodologie, les unes après les autres.',
    language: 'bilingual',
    logo: '/media/pictures/channel-studycam-live.webp',
    local: true,
    websiteUrl: null,
  },
  {
    id: 'tv-crtv',
    name: 'CRTV',
    en: 'CRTV - Cameroon Radio Television',
    fr: 'CRTV - Cameroon Radio Television',
    descriptionEn: "Cameroon's national public broadcaster, in English and French.",
    descriptionFr: 'La télévision publique nationale du Cameroun, en anglais et en français.',
    language: 'bilingual',
    logo: picture('citizenship'),
    local: false,
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
    local: false,
    websiteUrl: 'https://www.africanews.com/live/',
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
    local: false,
    websiteUrl: 'https://www.tv5monde.com/',
  },
];
