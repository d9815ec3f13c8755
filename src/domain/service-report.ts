// What a signed service report says (issue 20): for a resolved ticket or a completed
// installation, the practice, the chair, the engineer, the work, the time, the parts, the quote
// (calculateQuote, the same rule the engineer's Parts & Quote tab shows), the checklist of an
// installation and the customer's name and drawn signature. Pure: rows in, a report out; the PDF
// is drawn from it by src/files/service-report-pdf.ts.
import type { Chair, Installation, ServiceNotes, SupportTicket, User } from './entities';
import { formatCurrency, formatDate, displayId } from './format';
import { checklistTally } from './installation-checklist';
import {
  CHAIR_CONFIGURATION_LABELS,
  chairModelName,
  customerAddress,
  PART_CONDITION_LABELS,
  WORK_TYPE_LABELS,
} from './labels';
import { calculateQuote, type Quote } from './quote';
import type { PartCondition } from './schemas/ticket.schema';
import type { Warranty } from './warranty';

/** The company the report is issued by. */
export const REPORT_COMPANY = 'Chairside Service';

export type ServiceReportKind = 'SERVICE' | 'INSTALLATION';

export interface ReportPart {
  name: string;
  code: string | null;
  quantity: number;
  condition: string;
  unitPrice: number;
  lineTotal: number;
}

export interface ReportPhoto {
  /** What the photo shows, for the caption. */
  caption: string;
  /** The image as JPEG or PNG bytes. */
  bytes: Uint8Array;
  type: 'image/jpeg' | 'image/png';
}

export interface ServiceReport {
  kind: ServiceReportKind;
  title: string;
  /** Display id of the ticket or installation (last 8 characters). */
  reference: string;
  /** When the work was finished (ISO). */
  date: string;
  practice: { name: string; address: string };
  chair: { serialNumber: string; model: string; configuration: [string, string][] } | null;
  engineer: { name: string; phone: string | null };
  /** Headed paragraphs: the work performed, the resolution, condition, recommendations. */
  sections: { heading: string; text: string }[];
  /** Minutes charged, and whether 120 were assumed for no time recorded (installations: null). */
  time: { minutes: number; assumed: boolean } | null;
  parts: ReportPart[];
  quote: {
    workType: string;
    labor: number;
    parts: number;
    total: number;
    covered: boolean;
    /** One sentence: whether the warranty covered the work, and why. */
    coverage: string;
  } | null;
  checklist: {
    passed: number;
    total: number;
    groups: { title: string; passed: number; total: number }[];
  } | null;
  customer: { name: string | null; signatureImage: string | null; signedAt: string | null };
  photos: ReportPhoto[];
}

/** Where a report comes from. */
export type ServiceReportSource = { ticketId: string } | { installationId: string };

/** File name of a report: 'service-report-1a2b3c4d.pdf'. */
export function serviceReportFileName(report: Pick<ServiceReport, 'kind' | 'reference'>): string {
  const kind = report.kind === 'SERVICE' ? 'service' : 'installation';
  return `${kind}-report-${report.reference}.pdf`;
}

/** Whether the report covers the work: the cover rule's reason in one sentence (SPEC §4). */
export function quoteCoverage(quote: Quote): string {
  switch (quote.basis) {
    case 'COVERED_WARRANTY_WORK':
      return 'Covered by warranty: nothing to pay.';
    case 'WARRANTY_NOT_ACTIVATED':
      return 'Not covered by warranty: the warranty was never activated.';
    case 'WARRANTY_EXPIRED':
      return 'Not covered by warranty: the warranty has expired.';
    case 'DAMAGE':
      return 'Not covered by warranty: damage is never covered.';
    case 'OUT_OF_WARRANTY':
      return 'Not covered by warranty: out-of-warranty work.';
  }
}

/** The quote of a ticket's service notes: calculateQuote over its parts at their recorded price. */
export function ticketQuote(notes: ServiceNotes | null, warranty: Warranty, now: Date): Quote {
  return calculateQuote(
    {
      timeSpent: notes?.timeSpent,
      workType: notes?.workType,
      parts: (notes?.partsUsed ?? []).map((line) => ({
        price: line.price ?? 0,
        quantity: line.quantity,
      })),
      warranty,
    },
    now,
  );
}

function practiceOf(customer: User | null): ServiceReport['practice'] {
  return {
    name: customer?.practice?.name?.trim() || customer?.name?.trim() || 'No practice',
    address: customerAddress(customer),
  };
}

function chairOf(chair: Chair | null): ServiceReport['chair'] {
  if (!chair) return null;
  const configuration = chair.configuration;
  return {
    serialNumber: chair.serialNumber,
    model: chairModelName(chair),
    configuration: configuration
      ? CHAIR_CONFIGURATION_LABELS.flatMap(([key, label]) =>
          configuration[key] ? [[label, String(configuration[key])] as [string, string]] : [],
        )
      : [],
  };
}

function engineerOf(engineer: User | null): ServiceReport['engineer'] {
  return { name: engineer?.name?.trim() || 'Unknown Engineer', phone: engineer?.phone ?? null };
}

function section(heading: string, text: string | null | undefined) {
  const value = text?.trim();
  return value ? [{ heading, text: value }] : [];
}

export interface TicketReportRows {
  ticket: SupportTicket;
  customer: User | null;
  chair: Chair | null;
  engineer: User | null;
}

/** The report of a resolved (or closed) ticket; null while it is not resolved. */
export function ticketServiceReport(rows: TicketReportRows): ServiceReport | null {
  const { ticket, customer, chair, engineer } = rows;
  if (ticket.status !== 'RESOLVED' && ticket.status !== 'CLOSED') return null;
  const notes = ticket.serviceNotes;
  const date = notes?.completedAt ?? ticket.updatedAt;
  // The quote as it stood when the work was done: the warranty at the completion date.
  const quote = ticketQuote(notes, chair?.warranty ?? {}, new Date(date));
  const parts = (notes?.partsUsed ?? []).map((line) => {
    const unitPrice = line.price ?? 0;
    return {
      name: line.partName,
      code: line.partCode ?? null,
      quantity: line.quantity,
      condition: PART_CONDITION_LABELS[line.condition as PartCondition] ?? line.condition,
      unitPrice,
      lineTotal: Math.round(unitPrice * line.quantity * 100) / 100,
    };
  });
  const condition = notes?.conditionReport;
  return {
    kind: 'SERVICE',
    title: 'Service Report',
    reference: displayId(ticket.id),
    date,
    practice: practiceOf(customer),
    chair: chairOf(chair),
    engineer: engineerOf(engineer),
    sections: [
      ...section('Reported problem', `${ticket.title}\n${ticket.description ?? ''}`),
      ...section('Work performed', notes?.workPerformed),
      ...section('Resolution', ticket.resolution),
      ...section('Damage', notes?.damageDescription),
      ...section('Condition before service', condition?.beforeService),
      ...section('Condition after service', condition?.afterService),
      ...section('Recommendations', condition?.recommendations),
      ...section('Follow-up', notes?.followUpRequired ? notes.followUpNotes || 'Required' : null),
    ],
    time: { minutes: quote.minutes, assumed: quote.minutesAssumed },
    parts,
    quote: {
      workType: WORK_TYPE_LABELS[quote.workType],
      labor: quote.labor,
      parts: quote.parts,
      total: quote.total,
      covered: quote.basis === 'COVERED_WARRANTY_WORK',
      coverage: quoteCoverage(quote),
    },
    checklist: null,
    customer: {
      name: notes?.signOff?.customerName ?? customer?.name ?? null,
      signatureImage: notes?.signOff?.signatureImage ?? null,
      signedAt: notes?.signOff?.signedAt ?? null,
    },
    photos: [],
  };
}

export interface InstallationReportRows {
  installation: Installation;
  customer: User | null;
  chair: Chair | null;
  engineer: User | null;
}

/** The report of a completed installation: the checklist result and the customer's acceptance. */
export function installationServiceReport(rows: InstallationReportRows): ServiceReport {
  const { installation, customer, chair, engineer } = rows;
  const date = installation.completedAt ?? installation.createdAt;
  return {
    kind: 'INSTALLATION',
    title: 'Installation Report',
    reference: displayId(installation.id),
    date,
    practice: practiceOf(customer),
    chair: chairOf(chair),
    engineer: engineerOf(engineer),
    sections: [
      { heading: 'Work performed', text: 'New installation, tested against the full checklist.' },
      ...section('Notes', installation.notes),
    ],
    time: null,
    parts: [],
    quote: {
      workType: WORK_TYPE_LABELS.WARRANTY,
      labor: 0,
      parts: 0,
      total: 0,
      covered: true,
      coverage: 'Installation: nothing to pay.',
    },
    checklist: checklistTally(installation.checklist ?? {}),
    customer: {
      name: installation.customerName,
      signatureImage: installation.signatureImage,
      signedAt: installation.completedAt,
    },
    photos: [],
  };
}

/** The lines of text a report's summary shows, for the share sheet. */
export function serviceReportSummary(report: ServiceReport): string {
  const total = report.quote ? ` · ${formatCurrency(report.quote.total)}` : '';
  return `${report.title} ${report.reference} · ${report.practice.name} · ${formatDate(report.date)}${total}`;
}
