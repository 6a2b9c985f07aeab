/**
 * A minimal PDF 1.4 writer for the seed books: pages of wrapped text in the standard Helvetica fonts
 * (WinAnsiEncoding, so French accents print) and the formulas' Greek letters in the standard Symbol font,
 * one heading per page and a page footer. No dependency and
 * no randomness: the same input always gives the same bytes, so the committed files only change on purpose.
 *
 * The pages are A6 (105 × 148 mm), made for the phones the books are read on: fitted to a 360-pixel screen
 * (about 330 pixels of page) the 12-point text is about 13 pixels tall, as readable as the app's own text,
 * where an A4 page fitted to the same width shrinks it to 6 pixels.
 */

export interface BookPage {
  heading: string;
  /** Paragraphs; each is wrapped to the page width. An empty string is a blank line. */
  paragraphs: readonly string[];
}

export interface BookDocument {
  title: string;
  author: string;
  pages: readonly BookPage[];
  /** 'Page {n} / {total}' in the book's language. */
  footer: (page: number, total: number) => string;
}

const PAGE_WIDTH = 298;
const PAGE_HEIGHT = 420;
const MARGIN = 20;
const BODY_SIZE = 12;
const LEADING = 16;
const HEADING_SIZE = 15;
const HEADING_LEADING = 18;
/** Helvetica at 12 pt averages about 6 pt a character: 40 characters fill the 258-pt text width. */
const WRAP_AT = 40;
/** Helvetica Bold at 15 pt: about 8.5 pt a character. */
const HEADING_WRAP_AT = 28;

/** Characters outside WinAnsi that WinAnsiEncoding still names. */
const WIN_ANSI_EXTRA: Record<string, string> = {
  '\u2019': '\\222',
  '\u2013': '\\226',
  '\u2014': '\\227',
  '\u2022': '\\225',
};

/**
 * Greek letters and signs of the formulas, by their code in the standard Symbol font (a PDF viewer has it
 * built in, as it has Helvetica): the physics sheets' φ, λ, Δ… print as themselves, not as '?'.
 */
const SYMBOL: Record<string, string> = {
  α: 'a',
  γ: 'g',
  Δ: 'D',
  θ: 'q',
  λ: 'l',
  π: 'p',
  Σ: 'S',
  τ: 't',
  φ: 'f',
  Φ: 'F',
  '≠': '\\271',
};

const escaped = (char: string) => (char === '\\' || char === '(' || char === ')' ? `\\${char}` : char);

/** One character as a byte of WinAnsiEncoding inside a PDF literal string; null when it has none. */
function winAnsi(char: string): string | null {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 32 && code < 127) return escaped(char);
  if (code >= 160 && code <= 255) return `\\${code.toString(8).padStart(3, '0')}`;
  return WIN_ANSI_EXTRA[char] ?? null;
}

/** Text in WinAnsi bytes inside a PDF literal string. A character it cannot print fails the build. */
function pdfString(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const byte = winAnsi(char);
    if (byte === null) throw new Error(`"${char}" cannot be printed (in "${text}")`);
    out += byte;
  }
  return `(${out})`;
}

/**
 * A line as text-showing operators, the Symbol font for its Greek letters and the page's font for the rest:
 * each `Tj` moves on by what it printed, so the runs follow one another.
 */
function showRuns(font: string, size: number, text: string): string {
  const runs: { symbol: boolean; bytes: string }[] = [];
  for (const char of text.normalize('NFC')) {
    const symbol = SYMBOL[char];
    const bytes = symbol ?? winAnsi(char);
    if (bytes === null) throw new Error(`"${char}" cannot be printed (in "${text}")`);
    const last = runs.at(-1);
    if (last && last.symbol === (symbol !== undefined)) last.bytes += bytes;
    else runs.push({ symbol: symbol !== undefined, bytes });
  }
  return runs.map((run) => `/${run.symbol ? 'F3' : font} ${size} Tf (${run.bytes}) Tj`).join(' ');
}

export function wrap(paragraph: string, width = WRAP_AT): string[] {
  if (paragraph === '') return [''];
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

function pageContent(doc: BookDocument, page: BookPage, index: number, total: number): string {
  const ops: string[] = [];
  const text = (font: string, size: number, x: number, at: number, value: string) =>
    ops.push(`BT ${x} ${at} Td ${showRuns(font, size, value)} ET`);
  text('F2', 8, MARGIN, PAGE_HEIGHT - 24, doc.title);
  let y = PAGE_HEIGHT - 50;
  for (const line of wrap(page.heading, HEADING_WRAP_AT)) {
    text('F2', HEADING_SIZE, MARGIN, y, line);
    y -= HEADING_LEADING;
  }
  y -= 8;
  for (const paragraph of page.paragraphs) {
    for (const line of wrap(paragraph)) {
      text('F1', BODY_SIZE, MARGIN, y, line);
      y -= LEADING;
    }
    y -= 6;
  }
  if (y < 36) throw new Error(`"${doc.title}", page ${index + 1}: the text runs into the footer`);
  ops.push(`0.6 G ${MARGIN} 30 m ${PAGE_WIDTH - MARGIN} 30 l S`);
  text('F1', 8, MARGIN, 18, doc.author);
  text('F1', 8, PAGE_WIDTH - MARGIN - 44, 18, doc.footer(index + 1, total));
  return ops.join('\n');
}

export function writePdf(doc: BookDocument): Buffer {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesId = add('');
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const symbol = add('<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>');
  const info = add(
    `<< /Title ${pdfString(doc.title)} /Author ${pdfString(doc.author)} /Producer (StudyCam seed) >>`,
  );
  const pageIds: number[] = [];
  doc.pages.forEach((page, index) => {
    const content = pageContent(doc, page, index, doc.pages.length);
    const stream = add(
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Contents ${stream} 0 R /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R /F3 ${symbol} 0 R >> >> >>`,
      ),
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let pdf = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
