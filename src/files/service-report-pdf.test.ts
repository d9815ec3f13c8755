// @vitest-environment node
// The service report PDF read back as a reader would: its text holds the practice, the chair,
// the engineer, the parts with condition and price, the quote's totals and whether warranty
// covered it, the checklist of an installation and the customer's name; the drawn signature and
// the photos are embedded images; the pages are A4 and numbered.
import { describe, expect, it } from 'vitest';
import { completedChecklist } from '../domain/installation';
import { installationServiceReport, ticketServiceReport } from '../domain/service-report';
import { pngBytes, pngDataUrl, readPdf } from '../testing/pdf';
import {
  CUSTOMER_ID,
  ENGINEER_ID,
  chairRow,
  installationRow,
  ticketRow,
  userRow,
} from '../testing/rows';
import { printable, renderServiceReportPdf, wrapText } from './service-report-pdf';

const RESOLVED_AT = '2026-03-04T15:30:00.000Z';
const customer = userRow({
  id: CUSTOMER_ID,
  name: 'Dr Amelia Hart',
  practice: { name: 'Harbour Dental', address: '12 Quay Street, Bristol BS1 4DJ' },
});
const engineer = userRow({
  id: ENGINEER_ID,
  role: 'ENGINEER',
  name: 'James Carter',
  phone: '07700 900123',
});
const chair = chairRow({
  serialNumber: 'S30-2026-0042',
  ownerUserId: CUSTOMER_ID,
  status: 'REGISTERED',
  configuration: {
    deliverySystem: 'Hanging Delivery',
    instrumentOption: 'Option One',
    assistantChairside: 'Standard',
    lighting: 'V2 5000K',
    footControl: 'Wireless Pedal',
    upholsteryType: 'Sewn',
    upholsteryColor: 'S4',
    monitorBracket: 'No Monitor Bracket',
  },
  // Activated 2025: the warranty was in force on the day of the work.
  warranty: { activatedAt: '2025-01-02T10:00:00.000Z', confirmed: true, warrantyYears: 5 },
});
const SIGNATURE = pngDataUrl(300, 120);

function resolvedTicket(workType: 'WARRANTY' | 'DAMAGE') {
  return ticketRow({
    title: 'Water line pressure drop',
    description: 'Pressure at the handpiece drops during use.',
    status: 'RESOLVED',
    customerUserId: CUSTOMER_ID,
    engineerUserId: ENGINEER_ID,
    chairId: chair.id,
    resolution: 'Replaced the regulator and flushed the lines.',
    serviceNotes: {
      workPerformed: 'Replaced water regulator; flushed and tested the water lines.',
      timeSpent: 90,
      workType,
      completedAt: RESOLVED_AT,
      partsUsed: [
        {
          lineId: crypto.randomUUID(),
          partId: 'p1',
          partName: 'Water regulator',
          partCode: 'WR-100',
          price: 84.5,
          quantity: 1,
          condition: 'NEW',
        },
        {
          lineId: crypto.randomUUID(),
          partId: 'p2',
          partName: 'Quick coupling',
          partCode: 'QC-7',
          price: 12.25,
          quantity: 2,
          condition: 'REFURBISHED',
        },
      ],
      signOff: { customerName: 'Dr Amelia Hart', signatureImage: SIGNATURE, signedAt: RESOLVED_AT },
    },
  });
}

describe('the service report of a resolved ticket', () => {
  it('reads back with the practice, chair, engineer, parts, totals and the customer', async () => {
    const report = ticketServiceReport({
      ticket: resolvedTicket('DAMAGE'),
      customer,
      chair,
      engineer,
    });
    expect(report).not.toBeNull();
    const pdf = await readPdf(await renderServiceReportPdf(report!));
    const text = pdf.text;
    for (const expected of [
      'Chairside Service',
      'Harbour Dental',
      '12 Quay Street, Bristol BS1 4DJ',
      'S30-2026-0042',
      'S30 Sigma',
      'Wireless Pedal',
      'James Carter',
      'Mar 4, 2026',
      'Replaced water regulator; flushed and tested the water lines.',
      'Water regulator',
      'WR-100',
      'Refurbished',
      '£84.50',
      '£24.50',
      // Damage: 90 min × £1.50 = £135.00 labour, £109.00 parts, £244.00 in all.
      '£135.00',
      '£109.00',
      '£244.00',
      'Not covered by warranty: damage is never covered.',
      'Dr Amelia Hart',
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdf.title).toBe(`Service Report ${report!.reference}`);
    // The problem's title and description are two lines, not one run together.
    expect(text).toContain('Water line pressure drop');
    expect(text).toContain('Pressure at the handpiece drops during use.');
    expect(text).not.toContain('drop?Pressure');
  });

  it('embeds the drawn signature at its own size', async () => {
    const report = ticketServiceReport({
      ticket: resolvedTicket('DAMAGE'),
      customer,
      chair,
      engineer,
    })!;
    const pdf = await readPdf(await renderServiceReportPdf(report));
    expect(pdf.images).toEqual([{ width: 300, height: 120 }]);
  });

  it('says warranty covered work is free, with the same numbers as the quote', async () => {
    const report = ticketServiceReport({
      ticket: resolvedTicket('WARRANTY'),
      customer,
      chair,
      engineer,
    })!;
    expect(report.quote).toMatchObject({ labor: 135, parts: 109, total: 0, covered: true });
    const { text } = await readPdf(await renderServiceReportPdf(report));
    expect(text).toContain('Total (covered by warranty)');
    expect(text).toContain('£0.00');
    expect(text).toContain('Covered by warranty: nothing to pay.');
  });

  it('is A4 with every page numbered, and carries photos on as many pages as they need', async () => {
    const report = ticketServiceReport({
      ticket: resolvedTicket('DAMAGE'),
      customer,
      chair,
      engineer,
    })!;
    const photos = Array.from({ length: 6 }, (_, index) => ({
      caption: `Worn part ${index + 1}`,
      bytes: pngBytes(64 + index, 48),
      type: 'image/png' as const,
    }));
    const pdf = await readPdf(await renderServiceReportPdf({ ...report, photos }));
    expect(pdf.pages.length).toBeGreaterThan(1);
    pdf.pageSizes.forEach((size) => expect(size).toEqual({ width: 595.28, height: 841.89 }));
    pdf.pages.forEach((page, index) =>
      expect(page).toContain(`Page ${index + 1} of ${pdf.pages.length}`),
    );
    expect(pdf.images).toHaveLength(7);
    expect(pdf.text).toContain('Worn part 6');
  });

  it('is not made before the ticket is resolved', () => {
    const open = { ...resolvedTicket('DAMAGE'), status: 'IN_PROGRESS' as const };
    expect(ticketServiceReport({ ticket: open, customer, chair, engineer })).toBeNull();
  });

  it('still renders text the standard fonts cannot draw, and a damaged image, without failing', async () => {
    const ticket = resolvedTicket('DAMAGE');
    ticket.resolution = 'Fixed ✓ → 完了';
    const report = ticketServiceReport({ ticket, customer, chair, engineer })!;
    const photos = [
      { caption: 'Broken', bytes: new Uint8Array([1, 2, 3]), type: 'image/jpeg' as const },
    ];
    const pdf = await readPdf(await renderServiceReportPdf({ ...report, photos }));
    expect(pdf.text).toContain('Fixed ? ? ??');
  });
});

describe('the report of a completed installation', () => {
  it('holds the checklist result and the customer acceptance with the signature', async () => {
    const installation = installationRow({
      chairId: chair.id,
      engineerUserId: ENGINEER_ID,
      checklist: completedChecklist(),
      customerName: 'Dr Amelia Hart',
      signatureText: 'A. Hart',
      signatureImage: SIGNATURE,
      completedAt: RESOLVED_AT,
    });
    const report = installationServiceReport({ installation, customer, chair, engineer });
    const pdf = await readPdf(await renderServiceReportPdf(report));
    const total = Object.keys(completedChecklist()).length;
    expect(pdf.text).toContain(`Passed: ${total} of ${total} checks ticked.`);
    expect(pdf.text).toContain('Installation Report');
    expect(pdf.text).toContain('Dr Amelia Hart');
    expect(pdf.text).toContain('Harbour Dental');
    expect(pdf.images).toEqual([{ width: 300, height: 120 }]);
  });
});

describe('text layout', () => {
  it('replaces what WinAnsi cannot encode and keeps pounds and accents', () => {
    expect(printable('£12 café → ok\t✓')).toBe('£12 café ? ok ?');
  });

  it('wraps at spaces and cuts a word longer than the line', async () => {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrapText(`short words here ${'x'.repeat(200)}`, font, 10, 100);
    lines.forEach((line) => expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(100));
    expect(lines[0]).toBe('short words here');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(`short words here${'x'.repeat(200)}`);
  });
});
