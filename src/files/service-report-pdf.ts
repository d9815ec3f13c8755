// The service report as a PDF (issue 20), drawn with pdf-lib from a ServiceReport
// (src/domain/service-report.ts): A4, the company's name on top, page numbers at the foot, text
// set in the standard Helvetica faces so it can be searched and copied. Pure: a report in, the
// file's bytes out; nothing here reads the mirror or the network. Loaded on demand
// (`import('./service-report-pdf')`), so no route pays for pdf-lib until a report is made.
import {
  PDFDocument,
  PageSizes,
  StandardFonts,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import { formatCurrency, formatDate } from '../domain/format';
import { LABOR_RATE_PER_MINUTE } from '../domain/quote';
import { REPORT_COMPANY, type ServiceReport } from '../domain/service-report';

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_HEIGHT = 40;
const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.38, 0.42, 0.48);
const BRAND = rgb(0.05, 0.42, 0.55);
const RULE = rgb(0.82, 0.85, 0.88);
const PANEL = rgb(0.95, 0.97, 0.98);

// WinAnsi, the encoding of the standard fonts: printable ASCII, Latin-1 and these few.
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: anything outside WinAnsi becomes '?', tabs become spaces. */
export function printable(text: string): string {
  let out = '';
  for (const char of text.replace(/\t/g, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    const ok = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    out += ok || WIN_ANSI_EXTRAS.has(char) ? char : '?';
  }
  return out;
}

/** Splits text into lines no wider than `width` at `size`, breaking at spaces (or inside a long word). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r/g, '').split('\n').map(printable)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the line is cut where it fills the line.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

class Layout {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly header: (layout: Layout) => void,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
    this.header(this);
  }

  /** Starts a new page unless `height` still fits above the footer. */
  ensure(height: number) {
    if (this.y - height < MARGIN + FOOTER_HEIGHT) this.newPage();
  }

  text(
    value: string,
    x: number,
    options: { size?: number; font?: PDFFont; color?: typeof INK } = {},
  ) {
    this.page.drawText(printable(value), {
      x,
      y: this.y,
      size: options.size ?? 10,
      font: options.font ?? this.regular,
      color: options.color ?? INK,
    });
  }

  rightText(
    value: string,
    right: number,
    options: { size?: number; font?: PDFFont; color?: typeof INK } = {},
  ) {
    const size = options.size ?? 10;
    const font = options.font ?? this.regular;
    this.text(value, right - font.widthOfTextAtSize(printable(value), size), options);
  }

  rule(gapAfter = 12) {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= gapAfter;
  }

  heading(value: string) {
    this.ensure(40);
    this.y -= 8;
    this.text(value.toUpperCase(), MARGIN, { size: 9, font: this.bold, color: BRAND });
    this.y -= 6;
    this.rule(14);
  }

  paragraph(value: string, options: { size?: number; color?: typeof INK; indent?: number } = {}) {
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    for (const line of wrapText(value, this.regular, size, CONTENT_WIDTH - indent)) {
      this.ensure(size + 4);
      this.text(line, MARGIN + indent, { size, color: options.color });
      this.y -= size + 4;
    }
  }
}

function drawHeader(report: ServiceReport) {
  return (layout: Layout) => {
    const first = layout.pages.length === 1;
    layout.text(REPORT_COMPANY, MARGIN, { size: first ? 18 : 11, font: layout.bold, color: BRAND });
    layout.rightText(`${report.title} ${report.reference}`, PAGE_WIDTH - MARGIN, {
      size: first ? 12 : 9,
      font: layout.bold,
    });
    layout.y -= first ? 18 : 14;
    if (first) {
      layout.text('Dental treatment chairs: installation and field service', MARGIN, {
        size: 9,
        color: MUTED,
      });
      layout.rightText(formatDate(report.date), PAGE_WIDTH - MARGIN, { size: 10, color: MUTED });
      layout.y -= 14;
    }
    layout.rule(first ? 20 : 16);
  };
}

/** Label-value pairs in a column at `x`, `width` wide; returns the height used. */
function drawFacts(
  layout: Layout,
  x: number,
  width: number,
  title: string,
  facts: [string, string][],
) {
  const top = layout.y;
  layout.text(title.toUpperCase(), x, { size: 9, font: layout.bold, color: BRAND });
  let y = top - 16;
  for (const [label, value] of facts) {
    layout.page.drawText(printable(label), { x, y, size: 8, font: layout.regular, color: MUTED });
    y -= 11;
    for (const line of wrapText(value, layout.bold, 10, width)) {
      layout.page.drawText(line, { x, y, size: 10, font: layout.bold, color: INK });
      y -= 13;
    }
    y -= 4;
  }
  return top - y;
}

function drawSummary(layout: Layout, report: ServiceReport) {
  const column = (CONTENT_WIDTH - 30) / 3;
  const chair = report.chair;
  const heights = [
    drawFacts(layout, MARGIN, column, 'Practice', [
      ['Name', report.practice.name],
      ['Address', report.practice.address],
    ]),
    drawFacts(layout, MARGIN + column + 15, column, 'Chair', [
      ['Serial number', chair?.serialNumber ?? 'Unknown Chair'],
      ['Model', chair?.model ?? 'Unknown Chair'],
    ]),
    drawFacts(layout, MARGIN + 2 * (column + 15), column, 'Engineer', [
      ['Name', report.engineer.name],
      ...(report.engineer.phone ? ([['Phone', report.engineer.phone]] as [string, string][]) : []),
      ['Date', formatDate(report.date)],
      ...(report.time
        ? ([
            [
              'Time on site',
              `${report.time.minutes} min${report.time.assumed ? ' (none recorded: standard 120 min)' : ''}`,
            ],
          ] as [string, string][])
        : []),
    ]),
  ];
  layout.y -= Math.max(...heights) + 4;
  if (chair && chair.configuration.length > 0) {
    layout.heading('Configuration');
    const half = CONTENT_WIDTH / 2;
    chair.configuration.forEach(([label, value], index) => {
      const x = MARGIN + (index % 2) * half;
      if (index % 2 === 0) layout.ensure(14);
      layout.text(`${label}:`, x, { size: 9, color: MUTED });
      layout.text(value, x + 95, { size: 9 });
      if (index % 2 === 1 || index === chair.configuration.length - 1) layout.y -= 14;
    });
  }
}

function drawParts(layout: Layout, report: ServiceReport) {
  layout.heading('Parts');
  if (report.parts.length === 0) {
    layout.paragraph('No parts used.', { color: MUTED });
    return;
  }
  const columns = [
    { title: 'Part', x: MARGIN, right: false },
    { title: 'Code', x: MARGIN + 190, right: false },
    { title: 'Qty', x: MARGIN + 300, right: true },
    { title: 'Condition', x: MARGIN + 315, right: false },
    { title: 'Unit price', x: MARGIN + 440, right: true },
    { title: 'Total', x: PAGE_WIDTH - MARGIN, right: true },
  ];
  const row = (cells: string[], font: PDFFont, color = INK) => {
    layout.ensure(16);
    columns.forEach((column, index) => {
      const cell = cells[index] ?? '';
      const options = { size: 9, font, color };
      if (column.right) layout.rightText(cell, column.x, options);
      else layout.text(cell, column.x, options);
    });
    layout.y -= 16;
  };
  row(
    columns.map((column) => column.title),
    layout.bold,
    MUTED,
  );
  for (const part of report.parts) {
    const [name = '', ...more] = wrapText(part.name, layout.regular, 9, 180);
    row(
      [
        name,
        part.code ?? '',
        String(part.quantity),
        part.condition,
        formatCurrency(part.unitPrice),
        formatCurrency(part.lineTotal),
      ],
      layout.regular,
    );
    for (const line of more) row([line, '', '', '', '', ''], layout.regular);
  }
}

function drawQuote(layout: Layout, report: ServiceReport) {
  const quote = report.quote;
  if (!quote) return;
  layout.heading('Quote');
  layout.ensure(96);
  const top = layout.y + 10;
  const height = 86;
  layout.page.drawRectangle({
    x: MARGIN,
    y: top - height,
    width: CONTENT_WIDTH,
    height,
    color: PANEL,
    borderColor: RULE,
    borderWidth: 0.75,
  });
  const left = MARGIN + 12;
  const right = PAGE_WIDTH - MARGIN - 12;
  const labor = report.time
    ? `Labor (${report.time.minutes} min x ${formatCurrency(LABOR_RATE_PER_MINUTE)}/min)`
    : 'Labor';
  const lines: [string, string][] = [
    ['Work type', quote.workType],
    [labor, formatCurrency(quote.labor)],
    ['Parts', formatCurrency(quote.parts)],
  ];
  layout.y = top - 16;
  for (const [label, value] of lines) {
    layout.text(label, left, { size: 9, color: MUTED });
    layout.rightText(value, right, { size: 10 });
    layout.y -= 14;
  }
  layout.text(quote.covered ? 'Total (covered by warranty)' : 'Total', left, {
    size: 11,
    font: layout.bold,
  });
  layout.rightText(formatCurrency(quote.total), right, { size: 13, font: layout.bold });
  layout.y -= 16;
  layout.text(quote.coverage, left, {
    size: 9,
    color: quote.covered ? rgb(0.09, 0.45, 0.22) : MUTED,
  });
  layout.y = top - height - 8;
}

function drawChecklist(layout: Layout, report: ServiceReport) {
  const checklist = report.checklist;
  if (!checklist) return;
  layout.heading('Installation checklist');
  const all = checklist.passed === checklist.total;
  layout.paragraph(
    `${all ? 'Passed' : 'Incomplete'}: ${checklist.passed} of ${checklist.total} checks ticked.`,
  );
  layout.y -= 2;
  for (const group of checklist.groups) {
    layout.ensure(14);
    layout.text(group.title, MARGIN + 10, { size: 9 });
    layout.rightText(`${group.passed} / ${group.total}`, PAGE_WIDTH - MARGIN, {
      size: 9,
      color: group.passed === group.total ? INK : rgb(0.7, 0.1, 0.1),
    });
    layout.y -= 14;
  }
}

async function embedImage(
  doc: PDFDocument,
  bytes: Uint8Array | string,
  type: string,
): Promise<PDFImage | null> {
  try {
    return type === 'image/png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    // A damaged image leaves its place empty; the rest of the report still stands.
    return null;
  }
}

async function drawAcceptance(layout: Layout, report: ServiceReport) {
  // The heading, the name and the signature box stay together on one page.
  layout.ensure(190);
  layout.heading('Customer acceptance');
  const { name, signatureImage, signedAt } = report.customer;
  layout.ensure(140);
  layout.text('Customer name', MARGIN, { size: 8, color: MUTED });
  layout.y -= 13;
  layout.text(name?.trim() || 'Not recorded', MARGIN, { size: 11, font: layout.bold });
  if (signedAt)
    layout.rightText(`Signed ${formatDate(signedAt)}`, PAGE_WIDTH - MARGIN, {
      size: 9,
      color: MUTED,
    });
  layout.y -= 12;
  const image = signatureImage ? await embedImage(layout.doc, signatureImage, 'image/png') : null;
  const box = { width: 240, height: 90 };
  layout.page.drawRectangle({
    x: MARGIN,
    y: layout.y - box.height,
    width: box.width,
    height: box.height,
    borderColor: RULE,
    borderWidth: 0.75,
  });
  if (image) {
    const fit = image.scaleToFit(box.width - 8, box.height - 8);
    layout.page.drawImage(image, {
      x: MARGIN + (box.width - fit.width) / 2,
      y: layout.y - box.height + (box.height - fit.height) / 2,
      width: fit.width,
      height: fit.height,
    });
  } else {
    layout.page.drawText('No drawn signature recorded', {
      x: MARGIN + 10,
      y: layout.y - box.height / 2,
      size: 9,
      font: layout.regular,
      color: MUTED,
    });
  }
  layout.y -= box.height + 6;
  layout.text('Signature', MARGIN, { size: 8, color: MUTED });
  layout.y -= 14;
}

async function drawPhotos(layout: Layout, report: ServiceReport) {
  if (report.photos.length === 0) return;
  layout.heading('Photos');
  const gap = 16;
  const cell = { width: (CONTENT_WIDTH - gap) / 2, height: 190 };
  for (let index = 0; index < report.photos.length; index += 2) {
    layout.ensure(cell.height + 20);
    const row = report.photos.slice(index, index + 2);
    for (const [column, photo] of row.entries()) {
      const x = MARGIN + column * (cell.width + gap);
      const image = await embedImage(layout.doc, photo.bytes, photo.type);
      if (image) {
        const fit = image.scaleToFit(cell.width, cell.height);
        layout.page.drawImage(image, {
          x: x + (cell.width - fit.width) / 2,
          y: layout.y - cell.height + (cell.height - fit.height),
          width: fit.width,
          height: fit.height,
        });
      }
      layout.page.drawText(printable(photo.caption).slice(0, 60), {
        x,
        y: layout.y - cell.height - 12,
        size: 8,
        font: layout.regular,
        color: MUTED,
      });
    }
    layout.y -= cell.height + 26;
  }
}

function drawFooters(layout: Layout, report: ServiceReport) {
  const total = layout.pages.length;
  layout.pages.forEach((page, index) => {
    const y = MARGIN - 18;
    page.drawLine({
      start: { x: MARGIN, y: y + 14 },
      end: { x: PAGE_WIDTH - MARGIN, y: y + 14 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(printable(`${REPORT_COMPANY} - ${report.title} ${report.reference}`), {
      x: MARGIN,
      y,
      size: 8,
      font: layout.regular,
      color: MUTED,
    });
    const label = `Page ${index + 1} of ${total}`;
    page.drawText(label, {
      x: PAGE_WIDTH - MARGIN - layout.regular.widthOfTextAtSize(label, 8),
      y,
      size: 8,
      font: layout.regular,
      color: MUTED,
    });
  });
}

/** The report as a PDF file's bytes. */
export async function renderServiceReportPdf(report: ServiceReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const when = new Date(report.date);
  doc.setTitle(`${report.title} ${report.reference}`);
  doc.setAuthor(REPORT_COMPANY);
  doc.setSubject(`${report.practice.name}, ${report.chair?.serialNumber ?? 'Unknown Chair'}`);
  doc.setCreator(REPORT_COMPANY);
  if (!Number.isNaN(when.getTime())) doc.setCreationDate(when);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const layout = new Layout(doc, regular, bold, drawHeader(report));
  drawSummary(layout, report);
  for (const section of report.sections) {
    layout.heading(section.heading);
    layout.paragraph(section.text);
  }
  if (report.kind === 'SERVICE') drawParts(layout, report);
  drawChecklist(layout, report);
  drawQuote(layout, report);
  await drawAcceptance(layout, report);
  await drawPhotos(layout, report);
  drawFooters(layout, report);
  return doc.save();
}
