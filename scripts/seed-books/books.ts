import type { BookDocument } from './pdf-writer';

const en = (page: number, total: number) => `Page ${page} / ${total}`;
const fr = (page: number, total: number) => `Page ${page} / ${total}`;
const TEACHERS = 'StudyCam teachers';
const EQUIPE = 'Équipe pédagogique StudyCam';

/** The seed books, by file name under server/seed/media/books/ (server/seed/content.ts lists them). */
export const SEED_BOOK_FILES: Record<string, BookDocument> = {
  'maths-form5-formula-sheet.pdf': {
    title: 'Mathematics Form 5: Formula Sheet',
    author: TEACHERS,
    footer: en,
    pages: [
      {
        heading: 'Algebra',
        paragraphs: [
          'Quadratic formula: x = (-b ± sqrt(b² - 4ac)) / 2a. The discriminant b² - 4ac tells how many real roots there are.',
          'Difference of two squares: a² - b² = (a - b)(a + b).',
          'Indices: a^m × a^n = a^(m+n); (a^m)^n = a^(mn); a^0 = 1; a^(-n) = 1 / a^n.',
          'Logarithms: log(ab) = log a + log b; log(a/b) = log a - log b; log(a^n) = n log a.',
        ],
      },
      {
        heading: 'Geometry and trigonometry',
        paragraphs: [
          'Pythagoras: in a right-angled triangle, c² = a² + b².',
          'SOH CAH TOA: sin = opposite / hypotenuse, cos = adjacent / hypotenuse, tan = opposite / adjacent.',
          'Sine rule: a / sin A = b / sin B = c / sin C. Cosine rule: a² = b² + c² - 2bc cos A.',
          'Area of a triangle: ½ ab sin C. Arc length: (θ / 360) × 2πr. Sector area: (θ / 360) × πr².',
        ],
      },
      {
        heading: 'Statistics and probability',
        paragraphs: [
          'Mean = Σfx / Σf. The median is the middle value of the ordered data; the mode is the most frequent.',
          'P(A or B) = P(A) + P(B) - P(A and B). For independent events, P(A and B) = P(A) × P(B).',
          'Keep this sheet in your revision folder: every formula here may appear in Paper 1 or Paper 2.',
        ],
      },
    ],
  },
  'maths-form5-revision.pdf': {
    title: 'Mathematics Form 5: Revision Notes',
    author: TEACHERS,
    footer: en,
    pages: [
      {
        heading: '1. Quadratic equations',
        paragraphs: [
          'Solve by factorisation when the expression factorises easily: x² - 5x + 6 = 0 gives (x - 2)(x - 3) = 0, so x = 2 or x = 3.',
          'Otherwise complete the square or use the formula. Always check your roots in the original equation.',
          'Worked example: 2x² + 3x - 2 = 0. a = 2, b = 3, c = -2; b² - 4ac = 25; x = (-3 ± 5) / 4, so x = ½ or x = -2.',
        ],
      },
      {
        heading: '2. Vectors',
        paragraphs: [
          'A vector has a size and a direction. AB = OB - OA. The magnitude of (x, y) is sqrt(x² + y²).',
          'Parallel vectors are multiples of each other: if PQ = k RS, then PQ is parallel to RS.',
          'Worked example: OA = (2, 1), OB = (5, 5). AB = (3, 4) and |AB| = 5.',
        ],
      },
      {
        heading: '3. Matrices',
        paragraphs: [
          'For A = (a b; c d), det A = ad - bc and the inverse is (1 / det A)(d -b; -c a) when det A ≠ 0.',
          'Matrix multiplication is row by column and is not commutative: AB is usually different from BA.',
          'Use matrices to solve simultaneous equations: write them as AX = B, then X = A^(-1) B.',
        ],
      },
      {
        heading: '4. Trigonometry',
        paragraphs: [
          'sin² x + cos² x = 1 for every angle x. Learn the values of sin, cos and tan at 30°, 45° and 60°.',
          'Bearings are measured clockwise from the North, with three figures: 045°, 120°, 300°.',
          'Angles of elevation and depression: draw the right-angled triangle first, then choose the ratio.',
        ],
      },
      {
        heading: '5. Statistics',
        paragraphs: [
          'Draw a cumulative frequency curve to read the median and the quartiles; interquartile range = Q3 - Q1.',
          'A histogram with unequal class widths plots frequency density = frequency / class width.',
          'Past GCE O Level questions on every topic are worked through in the video lessons.',
        ],
      },
    ],
  },
  'gce-ol-maths-past-papers.pdf': {
    title: 'GCE O Level Mathematics: Past Papers Workbook',
    author: TEACHERS,
    footer: en,
    pages: [
      {
        heading: 'How to use this workbook',
        paragraphs: [
          'Paper 1 is multiple choice; Paper 2 has structured questions. Time yourself: 1 h 30 for Paper 1, 2 h 30 for Paper 2.',
          'Do each question before reading the method. Mark your work honestly and note the topics to revise.',
        ],
      },
      {
        heading: 'Paper 1 practice',
        paragraphs: [
          '1. Simplify 3^4 × 3^-2. (A) 3 (B) 9 (C) 27 (D) 81',
          '2. Find the value of x if 2x - 7 = 11. (A) 2 (B) 7 (C) 9 (D) 18',
          '3. A cloth costs 4 500 FCFA after a 10% discount. What was the price before? (A) 4 950 (B) 5 000 (C) 5 400 (D) 4 050',
          'Answers: 1 (B), 2 (C), 3 (B).',
        ],
      },
      {
        heading: 'Paper 2 practice',
        paragraphs: [
          '1. (a) Factorise completely 6x² - 24. (b) Hence solve 6x² - 24 = 0.',
          '2. The vertices of a triangle are A(1, 2), B(5, 2) and C(5, 5). Find the length AC and the angle BAC.',
          '3. The marks of 40 students are grouped in classes of width 10. Draw the cumulative frequency curve and estimate the median.',
        ],
      },
      {
        heading: 'Methods',
        paragraphs: [
          '1. 6x² - 24 = 6(x² - 4) = 6(x - 2)(x + 2); so x = 2 or x = -2.',
          '2. AB = 4, BC = 3, so AC = 5 by Pythagoras; tan BAC = 3 / 4, so angle BAC = 36.9°.',
          '3. Plot the upper class boundaries against the cumulative frequencies; read the median at the 20th student.',
        ],
      },
    ],
  },
  'pct-terminale-c-fiches.pdf': {
    title: 'Physique-Chimie Terminale C : fiches de synthèse',
    author: EQUIPE,
    footer: fr,
    pages: [
      {
        heading: 'Cinématique',
        paragraphs: [
          'Vitesse : v = dx/dt ; accélération : a = dv/dt. Mouvement rectiligne uniformément varié : v² - v0² = 2a(x - x0).',
          'Mouvement circulaire uniforme : l’accélération est centripète, a = v² / R.',
        ],
      },
      {
        heading: 'Dynamique',
        paragraphs: [
          'Deuxième loi de Newton : la somme des forces extérieures est égale à m × a.',
          'Théorème de l’énergie cinétique : la variation de ½ mv² est égale à la somme des travaux des forces.',
        ],
      },
      {
        heading: 'Oscillateurs',
        paragraphs: [
          'Pendule élastique : T0 = 2π sqrt(m / k). Pendule simple (petites oscillations) : T0 = 2π sqrt(l / g).',
          'Circuit LC : T0 = 2π sqrt(LC). L’énergie passe du condensateur à la bobine sans se perdre.',
        ],
      },
      {
        heading: 'Induction',
        paragraphs: [
          'Loi de Faraday : e = - dΦ/dt. Loi de Lenz : le courant induit s’oppose à la cause qui lui donne naissance.',
          'Auto-induction : e = - L di/dt ; énergie stockée dans une bobine : ½ L i².',
        ],
      },
      {
        heading: 'Acides et bases',
        paragraphs: [
          'pH = - log[H3O+]. Pour un couple acide/base : pH = pKa + log([A-] / [AH]).',
          'À l’équivalence d’un dosage : Ca × Va = Cb × Vb. Choisir un indicateur dont la zone de virage contient le pH à l’équivalence.',
        ],
      },
    ],
  },
  'bac-c-physique-formules.pdf': {
    title: 'Baccalauréat C Physique : formules clés',
    author: EQUIPE,
    footer: fr,
    pages: [
      {
        heading: 'Mécanique',
        paragraphs: [
          'Projectile : x = v0 cos α t ; y = - ½ g t² + v0 sin α t. Portée : v0² sin 2α / g.',
          'Satellite en orbite circulaire : v = sqrt(G M / r) ; période T = 2π r / v.',
        ],
      },
      {
        heading: 'Électricité',
        paragraphs: [
          'Condensateur : q = C u ; charge à travers R : u = E (1 - e^(-t/RC)), constante de temps τ = RC.',
          'Puissance en régime sinusoïdal : P = U I cos φ.',
        ],
      },
      {
        heading: 'Optique et physique nucléaire',
        paragraphs: [
          "Lentille mince : 1/OA' - 1/OA = 1/f'. Grandissement : γ = OA' / OA.",
          'Décroissance radioactive : N = N0 e^(-λt) ; demi-vie t½ = ln 2 / λ. Énergie de liaison : E = Δm c².',
        ],
      },
      {
        heading: 'La veille de l’épreuve',
        paragraphs: [
          'Relisez ces formules, vérifiez les unités de chaque grandeur et dormez tôt. Apportez votre calculatrice autorisée.',
        ],
      },
    ],
  },
  'concours-culture-generale.pdf': {
    title: 'Concours : culture générale',
    author: EQUIPE,
    footer: fr,
    pages: [
      {
        heading: 'Les institutions du Cameroun',
        paragraphs: [
          'La Constitution du 18 janvier 1996 organise le pouvoir exécutif, le Parlement (Assemblée nationale et Sénat) et le pouvoir judiciaire.',
          'Le Cameroun compte dix régions, chacune divisée en départements puis en arrondissements.',
        ],
      },
      {
        heading: 'Géographie',
        paragraphs: [
          'Du golfe de Guinée au lac Tchad, le pays réunit forêt, savane et Sahel : on l’appelle « l’Afrique en miniature ».',
          'Villes principales : Yaoundé, la capitale politique ; Douala, le poumon économique et le premier port.',
        ],
      },
      {
        heading: 'Méthode de la dissertation',
        paragraphs: [
          'Introduction : amener le sujet, le poser, annoncer le plan. Développement : deux ou trois parties équilibrées, chacune avec arguments et exemples.',
          'Conclusion : faire le bilan et ouvrir sur une question voisine. Gardez dix minutes pour relire.',
        ],
      },
      {
        heading: 'Organisations régionales',
        paragraphs: [
          'CEMAC : Communauté économique et monétaire de l’Afrique centrale, six États, monnaie commune le franc CFA (XAF).',
          'CEEAC : Communauté économique des États de l’Afrique centrale. UA : Union africaine, siège à Addis-Abeba.',
        ],
      },
    ],
  },
  'concours-iric-international.pdf': {
    title: 'Concours IRIC : actualité internationale',
    author: EQUIPE,
    footer: fr,
    pages: [
      {
        heading: 'Le système des Nations unies',
        paragraphs: [
          'L’ONU, créée en 1945, compte 193 États membres. Le Conseil de sécurité a cinq membres permanents disposant d’un droit de veto.',
        ],
      },
      {
        heading: 'L’Afrique dans le monde',
        paragraphs: [
          'La Zone de libre-échange continentale africaine (ZLECAf) vise un marché unique des biens et des services sur le continent.',
          'Suivez l’actualité de l’Union africaine, de la CEMAC et de la CEEAC : les questions du concours en sont souvent tirées.',
        ],
      },
      {
        heading: 'Méthode du commentaire de document',
        paragraphs: [
          'Présenter le document (nature, auteur, date, contexte), dégager l’idée principale, puis l’expliquer et le critiquer en deux parties.',
        ],
      },
    ],
  },
  'study-skills-revision-guide.pdf': {
    title: 'Study Skills: A Revision Guide',
    author: TEACHERS,
    footer: en,
    pages: [
      {
        heading: 'Plan your revision',
        paragraphs: [
          'Write down the date of each exam paper, then count the weeks left. Share them between your subjects, with more time for the weakest.',
          'Short sessions of 30 to 45 minutes with a 10-minute break work better than whole nights before the exam.',
        ],
      },
      {
        heading: 'Revise actively',
        paragraphs: [
          'Close the book and write down what you remember; then check. Explaining a topic to a friend shows what you have not understood.',
          'Past papers are the best training: do them in the real time, then mark them with the official answers.',
        ],
      },
      {
        heading: 'On the day of the exam',
        paragraphs: [
          'Sleep well, eat before you leave and arrive early with your pens, calculator and identity card.',
          'Read every question first. Start with the one you know best, and keep an eye on the time.',
        ],
      },
    ],
  },
};
