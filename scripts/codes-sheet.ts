import QRCode from 'qrcode';
import type { CodeBatch } from '../contract/codes';

// What `npm run codes -- create` writes (issue 20): the codes once as CSV, and a printable A4 sheet of cards.

const SECTION_NAMES: Record<string, { en: string; fr: string }> = {
  anglophone: { en: 'the Anglophone section', fr: 'la section anglophone' },
  francophone: { en: 'the Francophone section', fr: 'la section francophone' },
  'diploma-exams': { en: 'the Diploma exams section', fr: 'la section Examens officiels' },
  'competitive-exams': { en: 'the Competitive exams section', fr: 'la section Concours' },
  'extra-curricular': { en: 'the Extra-curricular section', fr: 'la section Parascolaire' },
};

/**
 * The last day a batch's codes are accepted, Cameroon time (the server keeps the first moment they are
 * not): "31 July 2027" / "31 juillet 2027", or 2027-07-31 for the CSV.
 */
function day(language: 'en' | 'fr' | 'iso', iso: string): string {
  const last = new Date(new Date(iso).getTime() - 1);
  if (language === 'iso') return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Douala' }).format(last);
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Douala',
  }).format(last);
}

/** What a code gives, in one language: its subjects (or section), the days, the seats, until when. */
export function describeBatch(batch: CodeBatch, language: 'en' | 'fr'): string {
  const what =
    batch.section !== null
      ? language === 'fr'
        ? `toutes les matières de ${SECTION_NAMES[batch.section]?.fr ?? batch.section}`
        : `every subject of ${SECTION_NAMES[batch.section]?.en ?? batch.section}`
      : batch.subjects.map((subject) => subject.title).join(', ');
  const days = language === 'fr' ? `${batch.days} jours` : `${batch.days} days`;
  const seats =
    batch.seats > 1
      ? language === 'fr'
        ? ` ; code de classe : ${batch.seats} élèves, chacun une fois`
        : `; class code: ${batch.seats} students, each once`
      : '';
  const until =
    batch.expiresAt === null
      ? ''
      : language === 'fr'
        ? ` ; à utiliser au plus tard le ${day('fr', batch.expiresAt)}`
        : `; use it by ${day('en', batch.expiresAt)}`;
  return language === 'fr'
    ? `${what}, pendant ${days}${seats}${until}`
    : `${what}, for ${days}${seats}${until}`;
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line a code: the code, its link (what the QR code opens), and what it gives. */
export function codesCsv(batch: CodeBatch, codes: readonly string[], redeemUrl: string): string {
  const header = ['code', 'link', 'batch', 'gives', 'days', 'seats', 'expires'];
  const lines = codes.map((code) =>
    [
      code,
      `${redeemUrl}${code}`,
      batch.name,
      describeBatch(batch, 'en'),
      batch.days,
      batch.seats,
      batch.expiresAt === null ? '' : day('iso', batch.expiresAt),
    ]
      .map(csvField)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

function html(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const CARDS_PER_PAGE = 10;

/**
 * A print-ready A4 page of ten cards (two columns of five, 90 × 55 mm, a business card's size, cut marks
 * from the dashed borders): the code in large type, a QR code of its redeem link, what it gives, and how to
 * use it in English and French. Printed from any browser (File, Print, A4, no margins added).
 */
export async function cardsSheet(
  batch: CodeBatch,
  codes: readonly string[],
  redeemUrl: string,
): Promise<string> {
  const site = redeemUrl.replace(/\/#\/redeem\?code=$/, '');
  const givesEn = html(describeBatch(batch, 'en'));
  const givesFr = html(describeBatch(batch, 'fr'));
  const cards = await Promise.all(
    codes.map(async (code) => {
      const qr = await QRCode.toString(`${redeemUrl}${code}`, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 1,
      });
      return `<article class="card">
  <div class="qr">${qr}</div>
  <div class="text">
    <p class="brand">StudyCam · ${html(batch.name)}</p>
    <p class="code">${html(code)}</p>
    <p lang="fr"><b>Accès :</b> ${givesFr}.</p>
    <p lang="fr">Connectez-vous sur ${html(site)}, puis scannez le code QR ou touchez « J'ai un code » et tapez le code.</p>
    <p lang="en"><b>Access:</b> ${givesEn}.</p>
    <p lang="en">Log in at ${html(site)}, then scan the QR code or tap “I have a code” and type the code.</p>
  </div>
</article>`;
    }),
  );
  const pages: string[] = [];
  for (let i = 0; i < cards.length; i += CARDS_PER_PAGE) {
    pages.push(`<section class="page">\n${cards.slice(i, i + CARDS_PER_PAGE).join('\n')}\n</section>`);
  }
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>StudyCam · ${html(batch.name)} · ${codes.length}</title>
<style>
  @page { size: A4; margin: 0; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 7.2pt/1.25 system-ui, "Segoe UI", Roboto, Arial, sans-serif; color: #111; }
  .page { width: 210mm; height: 297mm; padding: 10mm 12mm; display: grid;
    grid-template-columns: 90mm 90mm; grid-auto-rows: 55mm; gap: 0 6mm; align-content: start;
    page-break-after: always; break-after: page; }
  .card { border: 0.3mm dashed #999; padding: 3mm; display: flex; gap: 2.5mm; overflow: hidden; }
  .qr { flex: 0 0 25mm; }
  .qr svg { width: 25mm; height: 25mm; display: block; }
  .text { flex: 1; min-width: 0; }
  .text p { margin: 0 0 1mm; }
  .brand { font-weight: 700; font-size: 7.5pt; }
  .code { font: 700 11pt/1.2 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; letter-spacing: 0.3mm;
    white-space: nowrap; margin: 1mm 0 1.5mm !important; }
  @media screen { body { background: #ddd; } .page { background: #fff; margin: 8mm auto; } }
</style>
</head>
<body>
${pages.join('\n')}
</body>
</html>
`;
}
