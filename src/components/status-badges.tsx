/**
 * Labelled status badges, one per status enum: ticket status and priority, service request status,
 * part request status, chair status, warranty, service status, stock level, role, certification
 * validity and performance rating. The words come
 * from src/domain/labels.ts (never a raw code like PENDING); the colours and icons are set here,
 * once. Each status of one kind has its own colour and icon, so badges that sit side by side
 * (In Progress next to High priority, Expiring soon next to Expired) never read alike, and
 * colour is never the only difference. Chakra's subtle and outline badges keep their text at
 * 4.5:1 or more in both colour modes; solid ones are kept to palettes with white at 4.5:1.
 */
import { Badge } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import {
  LuArchive,
  LuArrowDown,
  LuArrowUp,
  LuCalendarCheck,
  LuCalendarClock,
  LuCalendarX,
  LuCircleCheck,
  LuCircleDot,
  LuCircleX,
  LuClipboardCheck,
  LuClipboardList,
  LuClock,
  LuFileText,
  LuHourglass,
  LuMinus,
  LuPackageCheck,
  LuPackageMinus,
  LuPackageX,
  LuShieldCheck,
  LuShieldOff,
  LuShieldX,
  LuSiren,
  LuTimer,
  LuTruck,
  LuUserCheck,
  LuWarehouse,
} from 'react-icons/lu';
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

/** The one badge look: a label in a colour palette, after an icon when the status has one. */
export function StatusBadge({
  label,
  palette,
  variant = 'subtle',
  size = 'md',
  icon: Icon,
}: {
  label: string;
  palette: string;
  variant?: Variant;
  size?: 'sm' | 'md' | 'lg';
  icon?: IconType;
}) {
  return (
    <Badge colorPalette={palette} variant={variant} size={size} gap="1" whiteSpace="nowrap">
      {Icon ? <Icon aria-hidden /> : null}
      {label}
    </Badge>
  );
}

interface BadgeStyle {
  palette: string;
  icon: IconType;
  variant?: Variant;
}

// Work in hand is purple: orange belongs to High priority, which often sits beside it.
export const TICKET_STATUS_STYLE: Record<TicketStatus, BadgeStyle> = {
  OPEN: { palette: 'blue', icon: LuCircleDot },
  IN_PROGRESS: { palette: 'purple', icon: LuTimer },
  RESOLVED: { palette: 'green', icon: LuCircleCheck },
  CLOSED: { palette: 'gray', icon: LuArchive },
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <StatusBadge label={TICKET_STATUS_LABELS[status]} {...TICKET_STATUS_STYLE[status]} />;
}

export const PRIORITY_STYLE: Record<TicketPriority, BadgeStyle> = {
  LOW: { palette: 'gray', variant: 'outline', icon: LuArrowDown },
  NORMAL: { palette: 'gray', variant: 'subtle', icon: LuMinus },
  HIGH: { palette: 'orange', variant: 'subtle', icon: LuArrowUp },
  URGENT: { palette: 'red', variant: 'solid', icon: LuSiren },
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

const SERVICE_REQUEST_STYLE: Record<ServiceRequestStatus, BadgeStyle> = {
  PENDING: { palette: 'orange', icon: LuClock },
  SCHEDULED: { palette: 'blue', icon: LuCalendarCheck },
  COMPLETED: { palette: 'green', icon: LuCircleCheck },
  CANCELLED: { palette: 'gray', icon: LuCircleX },
};

export function ServiceRequestStatusBadge({ status }: { status: ServiceRequestStatus }) {
  return (
    <StatusBadge
      label={SERVICE_REQUEST_STATUS_LABELS[status] ?? status}
      {...(SERVICE_REQUEST_STYLE[status] ?? { palette: 'gray' })}
    />
  );
}

const PART_REQUEST_STYLE: Record<PartRequestStatus, BadgeStyle> = {
  PENDING: { palette: 'orange', icon: LuClock },
  QUOTED: { palette: 'blue', icon: LuFileText },
  ORDERED: { palette: 'purple', icon: LuTruck },
  FULFILLED: { palette: 'green', icon: LuCircleCheck },
  CANCELLED: { palette: 'gray', icon: LuCircleX },
};

export function PartRequestStatusBadge({ status }: { status: PartRequestStatus }) {
  return (
    <StatusBadge
      label={PART_REQUEST_STATUS_LABELS[status] ?? status}
      {...(PART_REQUEST_STYLE[status] ?? { palette: 'gray' })}
    />
  );
}

const CHAIR_STATUS_STYLE: Record<ChairStatus, BadgeStyle> = {
  IN_STOCK: { palette: 'gray', icon: LuWarehouse },
  DELIVERED: { palette: 'blue', icon: LuTruck },
  REGISTERED: { palette: 'green', icon: LuUserCheck },
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
  const style =
    forInstallation && status === 'DELIVERED'
      ? { palette: 'orange', icon: LuHourglass }
      : CHAIR_STATUS_STYLE[status];
  return <StatusBadge label={labels[status]} {...style} />;
}

/** Expired is solid red with a crossed shield; expiring soon is orange with an hourglass. */
export const WARRANTY_STYLE: Record<WarrantyState, BadgeStyle> = {
  NOT_ACTIVATED: { palette: 'gray', variant: 'outline', icon: LuShieldOff },
  EXPIRED: { palette: 'red', variant: 'solid', icon: LuShieldX },
  EXPIRING: { palette: 'orange', icon: LuHourglass },
  ACTIVE: { palette: 'green', icon: LuShieldCheck },
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
      {...WARRANTY_STYLE[warrantyState(warranty ?? {}, now)]}
    />
  );
}

const SERVICE_STATUS_STYLE: Record<ServiceStatus, BadgeStyle> = {
  Overdue: { palette: 'red', icon: LuCalendarX },
  'Due Soon': { palette: 'orange', icon: LuCalendarClock },
  Current: { palette: 'green', icon: LuCalendarCheck },
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
  return <StatusBadge label={status} {...SERVICE_STATUS_STYLE[status]} />;
}

const STOCK_STYLE: Record<StockLevel, BadgeStyle> = {
  IN_STOCK: { palette: 'green', icon: LuPackageCheck },
  LOW_STOCK: { palette: 'orange', icon: LuPackageMinus },
  OUT_OF_STOCK: { palette: 'red', icon: LuPackageX },
};

/** A part's stock band (SPEC §9): more than 10 in stock, 1-10 low, 0 out. */
export function StockBadge({ stock }: { stock: number }) {
  const level = stockLevel(stock);
  return <StatusBadge label={STOCK_LEVEL_LABELS[level]} {...STOCK_STYLE[level]} />;
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
  return (
    <StatusBadge
      label={testSheetLabel(testSheet)}
      palette={testSheet ? 'green' : 'orange'}
      icon={testSheet ? LuClipboardCheck : LuClipboardList}
    />
  );
}
