/**
 * A minimal PDF 1.4 writer for the seed books: A4 pages of wrapped text in the standard Helvetica fonts
 * (WinAnsiEncoding, so French accents print), one heading per page and a page footer. No dependency and
 * no randomness: the same input always gives the same bytes, so the committed files only change on purpose.
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

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const BODY_SIZE = 12;
const LEADING = 17;
/** Helvetica at 12 pt averages about 6 pt a character: 80 characters fill the text width. */
const WRAP_AT = 78;

/** Text as WinAnsi bytes inside a PDF literal string: backslash, parentheses and non-ASCII escaped. */
function pdfString(text: string): string {
  let out = '(';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 63;
    if (char === '\\' || char === '(' || char === ')') out += `\\${char}`;
    else if (code >= 32 && code < 127) out += char;
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8).padStart(3, '0')}`;
    else if (char === '\u2019') out += '\\222';
    else if (char === '\u2013') out += '\\226';
    else if (char === '\u2014') out += '\\227';
    else if (char === '\u2022') out += '\\225';
    else out += '?';
  }
  return `${out})`;
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
  let y = PAGE_HEIGHT - MARGIN - 10;
  const text = (font: string, size: number, x: number, at: number, value: string) =>
    ops.push(`BT /${font} ${size} Tf ${x} ${at} Td ${pdfString(value)} Tj ET`);
  text('F2', 9, MARGIN, PAGE_HEIGHT - 34, doc.title);
  text('F2', 18, MARGIN, y, page.heading);
  y -= 34;
  for (const paragraph of page.paragraphs) {
    for (const line of wrap(paragraph)) {
      text('F1', BODY_SIZE, MARGIN, y, line);
      y -= LEADING;
    }
    y -= 6;
  }
  ops.push(`0.6 G ${MARGIN} 52 m ${PAGE_WIDTH - MARGIN} 52 l S`);
  text('F1', 9, MARGIN, 38, doc.author);
  text('F1', 9, PAGE_WIDTH - MARGIN - 60, 38, doc.footer(index + 1, total));
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
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Contents ${stream} 0 R /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> >>`,
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
