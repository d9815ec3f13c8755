/**
 * Labelled status badges, one per status enum: ticket status and priority, service request status,
 * part request status, chair status, warranty, service status, stock level, role, certification
 * validity and performance rating. The words come
 * from src/domain/labels.ts (never a raw code like PENDING); the colours are set here, once.
 */
import { Badge } from '@chakra-ui/react';
import type { ChairStatus, PartRequestStatus, ServiceRequestStatus } from '../domain/entities';
import {
  CHAIR_STATUS_LABELS,
  INSTALLATION_CHAIR_STATUS_LABELS,
  PART_REQUEST_STATUS_LABELS,
  SERVICE_REQUEST_STATUS_LABELS,
  STOCK_LEVEL_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  roleLabel,
  testSheetLabel,
  warrantyStatusLabel,
} from '../domain/labels';
import type { TicketPriority, TicketStatus } from '../domain/schemas/ticket.schema';
import { certificationStatus, type CertificationLabel } from '../domain/certification';
import type { CompletionRating, Rating } from '../domain/ratings';
import { serviceStatus, type ServiceStatus } from '../domain/service-status';
import { stockLevel, type StockLevel } from '../domain/stock';
import { warrantyState, type Warranty, type WarrantyState } from '../domain/warranty';

type Variant = 'solid' | 'subtle' | 'outline';

/** The one badge look: a label in a colour palette. */
export function StatusBadge({
  label,
  palette,
  variant = 'subtle',
  size = 'md',
}: {
  label: string;
  palette: string;
  variant?: Variant;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge colorPalette={palette} variant={variant} size={size}>
      {label}
    </Badge>
  );
}

const TICKET_STATUS_PALETTE: Record<TicketStatus, string> = {
  OPEN: 'blue',
  IN_PROGRESS: 'orange',
  RESOLVED: 'green',
  CLOSED: 'gray',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <StatusBadge label={TICKET_STATUS_LABELS[status]} palette={TICKET_STATUS_PALETTE[status]} />
  );
}

const PRIORITY_STYLE: Record<TicketPriority, { palette: string; variant: Variant }> = {
  LOW: { palette: 'gray', variant: 'outline' },
  NORMAL: { palette: 'gray', variant: 'subtle' },
  HIGH: { palette: 'orange', variant: 'subtle' },
  URGENT: { palette: 'red', variant: 'solid' },
};

/** 'Urgent priority' and so on; urgent work stands out most. */
export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <StatusBadge
      label={`${TICKET_PRIORITY_LABELS[priority]} priority`}
      {...PRIORITY_STYLE[priority]}
    />
  );
}

const SERVICE_REQUEST_PALETTE: Record<ServiceRequestStatus, string> = {
  PENDING: 'orange',
  SCHEDULED: 'blue',
  COMPLETED: 'green',
  CANCELLED: 'gray',
};

export function ServiceRequestStatusBadge({ status }: { status: ServiceRequestStatus }) {
  return (
    <StatusBadge
      label={SERVICE_REQUEST_STATUS_LABELS[status] ?? status}
      palette={SERVICE_REQUEST_PALETTE[status] ?? 'gray'}
    />
  );
}

const PART_REQUEST_PALETTE: Record<PartRequestStatus, string> = {
  PENDING: 'orange',
  QUOTED: 'blue',
  ORDERED: 'purple',
  FULFILLED: 'green',
  CANCELLED: 'gray',
};

export function PartRequestStatusBadge({ status }: { status: PartRequestStatus }) {
  return (
    <StatusBadge
      label={PART_REQUEST_STATUS_LABELS[status] ?? status}
      palette={PART_REQUEST_PALETTE[status] ?? 'gray'}
    />
  );
}

const CHAIR_STATUS_PALETTE: Record<ChairStatus, string> = {
  IN_STOCK: 'gray',
  DELIVERED: 'blue',
  REGISTERED: 'green',
};

/** A chair's status; in the installation wizard a DELIVERED chair reads 'Pending Installation'. */
export function ChairStatusBadge({
  status,
  forInstallation = false,
}: {
  status: ChairStatus;
  forInstallation?: boolean;
}) {
  const labels = forInstallation ? INSTALLATION_CHAIR_STATUS_LABELS : CHAIR_STATUS_LABELS;
  const palette =
    forInstallation && status === 'DELIVERED' ? 'orange' : CHAIR_STATUS_PALETTE[status];
  return <StatusBadge label={labels[status]} palette={palette} />;
}

const WARRANTY_PALETTE: Record<WarrantyState, string> = {
  NOT_ACTIVATED: 'gray',
  EXPIRED: 'red',
  EXPIRING: 'orange',
  ACTIVE: 'green',
};

/** The warranty at `now`, as engineer views show it (SPEC §4 Warranty). */
export function WarrantyStatusBadge({
  warranty,
  now,
}: {
  warranty: Warranty | null | undefined;
  now: Date;
}) {
  return (
    <StatusBadge
      label={warrantyStatusLabel(warranty, now)}
      palette={WARRANTY_PALETTE[warrantyState(warranty ?? {}, now)]}
    />
  );
}

const SERVICE_STATUS_PALETTE: Record<ServiceStatus, string> = {
  Overdue: 'red',
  'Due Soon': 'orange',
  Current: 'green',
};

/** Overdue (red), Due Soon (orange, within 30 days) or Current (green) (SPEC §4 Service status). */
export function ServiceStatusBadge({
  nextServiceDue,
  now,
}: {
  nextServiceDue: string | null | undefined;
  now: Date;
}) {
  const status = serviceStatus(nextServiceDue, now);
  return <StatusBadge label={status} palette={SERVICE_STATUS_PALETTE[status]} />;
}

const STOCK_PALETTE: Record<StockLevel, string> = {
  IN_STOCK: 'green',
  LOW_STOCK: 'orange',
  OUT_OF_STOCK: 'red',
};

/** A part's stock band (SPEC §9): more than 10 in stock, 1-10 low, 0 out. */
export function StockBadge({ stock }: { stock: number }) {
  const level = stockLevel(stock);
  return <StatusBadge label={STOCK_LEVEL_LABELS[level]} palette={STOCK_PALETTE[level]} />;
}

/** A user's role ('Engineer'); an unknown role reads as its own code, capitalised. */
export function RoleBadge({ role }: { role: string }) {
  return <StatusBadge label={roleLabel(role)} palette="brand" />;
}

const CERTIFICATION_PALETTE: Record<CertificationLabel, string> = {
  'No Expiry': 'gray',
  Valid: 'green',
  Expired: 'red',
};

/** A certification's validity at `now`, and 'Expires Soon' within 90 days (SPEC §9). */
export function CertificationBadges({
  certification,
  now,
}: {
  certification: { expiryDate?: string | null };
  now: Date;
}) {
  const { status, expiresSoon } = certificationStatus(certification, now);
  return (
    <>
      <StatusBadge label={status} palette={CERTIFICATION_PALETTE[status]} size="sm" />
      {expiresSoon ? <StatusBadge label="Expires Soon" palette="orange" size="sm" /> : null}
    </>
  );
}

const RATING_PALETTE: Record<Rating | CompletionRating, string> = {
  Excellent: 'green',
  Good: 'blue',
  'Needs Improvement': 'orange',
  'Needs improvement': 'orange',
};

/** A performance rating (SPEC §9 Performance ratings). */
export function RatingBadge({ rating }: { rating: Rating | CompletionRating }) {
  return <StatusBadge label={rating} palette={RATING_PALETTE[rating]} size="sm" />;
}

/** Whether a chair's test sheet is in: Complete (green) or Pending (orange). */
export function TestSheetBadge({ testSheet }: { testSheet: object | null | undefined }) {
  return <StatusBadge label={testSheetLabel(testSheet)} palette={testSheet ? 'green' : 'orange'} />;
}
