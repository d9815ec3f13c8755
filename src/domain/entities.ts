/**
 * The app's entity types (SPEC §3), camelCase as screens and the local mirror hold them. The
 * wire and the database use snake_case columns; sync/wire.ts converts at that boundary only.
 * Nested objects (practice, engineer, warranty, ...) are camelCase on both sides.
 */
import type { ChairConfiguration, ChairModel } from './chair-models';
import type { Role } from './schemas/common';
import type {
  PartCondition,
  TicketPriority,
  TicketStatus,
  WorkType,
} from './schemas/ticket.schema';
import type { Warranty } from './warranty';

/** Columns every mirrored row has: server-assigned change time, and soft-delete where used. */
interface Synced {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export interface Practice {
  name?: string;
  type?: 'DENTAL' | 'MEDICAL' | 'VETERINARY' | 'CLINIC';
  address?: string;
  phone?: string;
}

export interface Certification {
  name: string;
  issuer: string;
  dateObtained: string;
  expiryDate?: string | null;
  certificateNumber?: string | null;
}

export interface Availability {
  dayOfWeek: number;
  isAvailable: boolean;
  startTime: string;
  endTime: string;
}

export interface EngineerDetails {
  location?: string;
  coverageAreas?: string[];
  specializations?: string[];
  emergencyPhone?: string;
  skillSets?: string[];
  certifications?: Certification[];
  availability?: Availability[];
  performanceMetrics?: {
    averageResolutionTime?: number;
    completionRate?: number;
    customerSatisfactionScore?: number;
  };
}

export interface User extends Synced {
  email: string | null;
  name: string | null;
  role: Role;
  phone: string | null;
  address: string | null;
  profilePictureUrl: string | null;
  practice: Practice | null;
  engineer: EngineerDetails | null;
  deletedAt: string | null;
}

export interface TestSheet {
  partsArrived: boolean;
  powersOn: boolean;
  movementOK: boolean;
  waterAirOK: boolean;
  notes?: string | null;
  submittedAt: string;
}

export interface PartReplaced {
  partName: string;
  partNumber?: string | null;
  quantity: number;
  cost?: number | null;
  condition?: string | null;
  reason?: string | null;
}

export interface ServiceHistoryEntry {
  id?: string;
  type: string;
  date: string;
  engineerId?: string | null;
  engineerName?: string | null;
  engineerPhone?: string | null;
  duration?: number | null;
  workPerformed?: string | null;
  partsReplaced?: PartReplaced[];
  conditionBefore?: string | null;
  conditionAfter?: string | null;
  recommendations?: string | null;
  followUpRequired?: boolean;
  followUpDate?: string | null;
  warrantyWork?: boolean;
  serviceRequestId?: string | null;
  cost?: number | null;
}

export interface ChairService {
  lastServiceDate?: string | null;
  nextServiceDue?: string | null;
  serviceHistory?: ServiceHistoryEntry[];
}

export type ChairStatus = 'IN_STOCK' | 'DELIVERED' | 'REGISTERED';

export interface Chair extends Synced {
  serialNumber: string;
  model: ChairModel;
  modelName: string | null;
  configuration: ChairConfiguration | null;
  deliveryDate: string | null;
  ownerUserId: string | null;
  status: ChairStatus;
  warranty: Warranty | null;
  testSheet: TestSheet | null;
  service: ChairService | null;
}

export interface Part extends Synced {
  name: string;
  partCode: string | null;
  model: ChairModel | null;
  diagramUrl: string | null;
  price: number;
  stock: number;
  deletedAt: string | null;
}

export interface PartUsed {
  lineId: string;
  partId: string;
  partName: string;
  partCode?: string | null;
  price?: number;
  quantity: number;
  condition: PartCondition;
}

export interface ServiceNotes {
  workPerformed?: string;
  timeSpent?: number;
  workType?: WorkType;
  damageDescription?: string;
  conditionReport?: { beforeService?: string; afterService?: string; recommendations?: string };
  followUpRequired?: boolean;
  followUpNotes?: string;
  completedAt?: string;
  partsUsed?: PartUsed[];
  /** The customer's acceptance taken when the ticket was resolved: name and drawn signature. */
  signOff?: { customerName: string; signatureImage: string; signedAt: string };
}

export interface SupportTicket extends Synced {
  title: string;
  description: string | null;
  status: TicketStatus;
  priority: TicketPriority;
  customerUserId: string | null;
  engineerUserId: string | null;
  chairId: string | null;
  resolution: string | null;
  serviceNotes: ServiceNotes | null;
  /**
   * When it entered RESOLVED or CLOSED (stamped by the server, kept while it stays so, cleared on
   * reopening; issue 29). Absent on rows pulled before the stamp existed.
   */
  resolvedAt?: string | null;
}

export interface TrainingResource extends Synced {
  title: string;
  type: 'VIDEO' | 'PDF' | 'FAQ';
  url: string | null;
  content: string | null;
  deletedAt: string | null;
}

export type PartRequestStatus = 'PENDING' | 'QUOTED' | 'ORDERED' | 'FULFILLED' | 'CANCELLED';

export interface PartRequest extends Synced {
  userId: string | null;
  chairId: string | null;
  items: { partId: string; qty: number }[];
  status: PartRequestStatus;
  notes: string | null;
}

export type ServiceRequestStatus = 'PENDING' | 'SCHEDULED' | 'COMPLETED' | 'CANCELLED';

export interface ServiceRequest extends Synced {
  customerUserId: string | null;
  chairId: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
  notes: string | null;
  status: ServiceRequestStatus;
  scheduledDate: string | null;
  scheduledTime: string | null;
  duration: number | null;
  location: string | null;
  engineerUserId: string | null;
  confirmedAt: string | null;
  cancellationReason: string | null;
}

export interface Installation extends Synced {
  chairId: string | null;
  engineerUserId: string | null;
  checklist: Record<string, boolean>;
  customerName: string | null;
  signatureText: string | null;
  signatureImage: string | null;
  notes: string | null;
  completedAt: string | null;
}

/**
 * What one signed-in device last reported about its sync (issue 16): written by the device itself
 * through public.device_health_report after each sync round, read by vendors only. `id` is the
 * device id the mirror generated once; `lastSyncAt` is the server's clock when the report came.
 */
export interface DeviceHealth extends Synced {
  userId: string;
  deviceName: string | null;
  appVersion: string | null;
  lastSyncAt: string;
  pendingCount: number;
  needsAttentionCount: number;
}

/** The mirrored tables, by their local (camelCase) name. */
export interface EntityTables {
  users: User;
  chairs: Chair;
  parts: Part;
  supportTickets: SupportTicket;
  trainingResources: TrainingResource;
  partRequests: PartRequest;
  serviceRequests: ServiceRequest;
  installations: Installation;
  deviceHealth: DeviceHealth;
}

export type EntityTable = keyof EntityTables;

export const ENTITY_TABLES: readonly EntityTable[] = [
  'users',
  'chairs',
  'parts',
  'supportTickets',
  'trainingResources',
  'partRequests',
  'serviceRequests',
  'installations',
  'deviceHealth',
];

/** Server table name of each local table. */
export const SERVER_TABLE: Record<EntityTable, string> = {
  users: 'users',
  chairs: 'chairs',
  parts: 'parts',
  supportTickets: 'support_tickets',
  trainingResources: 'training_resources',
  partRequests: 'part_requests',
  serviceRequests: 'service_requests',
  installations: 'installations',
  deviceHealth: 'device_health',
};
