/**
 * The rows a service report is made from, read from the signed-in user's mirror (so a report is
 * made without signal): the ticket or installation, its customer, chair and engineer, and the
 * photos of the work. What the mirror holds is what the user may see (RLS decided it when it was
 * pulled), so a customer's report can only be of their own chairs.
 */
import { useCallback } from 'react';
import type { Chair, User } from '../domain/entities';
import { formatDate } from '../domain/format';
import { photoFolder, type PhotoWork } from '../domain/photos';
import {
  installationServiceReport,
  ticketServiceReport,
  type ReportPhoto,
  type ServiceReport,
  type ServiceReportSource,
} from '../domain/service-report';
import type { ChairsideDatabase } from './db';
import { loadWorkPhotos, type RemotePhotos } from './photos';
import { useSession, useSessionStore } from './session-context';
import { useMirror } from './session-mirror';

async function rows(
  db: ChairsideDatabase,
  ids: { customer: string | null; chair: string | null; engineer: string | null },
) {
  const [customer, chair, engineer] = await Promise.all([
    ids.customer ? db.users.get(ids.customer) : undefined,
    ids.chair ? db.chairs.get(ids.chair) : undefined,
    ids.engineer ? db.users.get(ids.engineer) : undefined,
  ]);
  return {
    customer: (customer as User | undefined) ?? null,
    chair: (chair as Chair | undefined) ?? null,
    engineer: (engineer as User | undefined) ?? null,
  };
}

/** The report of a resolved ticket or a completed installation; null when there is none to make. */
export async function loadServiceReport(
  db: ChairsideDatabase,
  source: ServiceReportSource,
  remote: RemotePhotos | null = null,
): Promise<ServiceReport | null> {
  let report: ServiceReport | null;
  let work: PhotoWork;
  let workId: string;
  if ('ticketId' in source) {
    const ticket = await db.supportTickets.get(source.ticketId);
    if (!ticket) return null;
    const related = await rows(db, {
      customer: ticket.customerUserId,
      chair: ticket.chairId,
      engineer: ticket.engineerUserId,
    });
    report = ticketServiceReport({ ticket, ...related });
    [work, workId] = ['tickets', ticket.id];
  } else {
    const installation = await db.installations.get(source.installationId);
    if (!installation) return null;
    const chair = installation.chairId ? await db.chairs.get(installation.chairId) : undefined;
    const related = await rows(db, {
      customer: chair?.ownerUserId ?? null,
      chair: installation.chairId,
      engineer: installation.engineerUserId,
    });
    report = installationServiceReport({ installation, ...related });
    [work, workId] = ['installations', installation.id];
  }
  if (!report) return null;
  return { ...report, photos: await reportPhotos(db, work, workId, remote) };
}

/**
 * The work's photos: those kept on this device (uploaded or not yet), then those only Storage
 * holds (taken on another device), when it can be reached. Without signal the device's own do.
 */
async function reportPhotos(
  db: ChairsideDatabase,
  work: PhotoWork,
  workId: string,
  remote: RemotePhotos | null,
): Promise<ReportPhoto[]> {
  const local = await loadWorkPhotos(db, workId);
  const photos: { name: string; blob: Blob; date: string | null }[] = local.map((record) => ({
    name: record.path.split('/').pop() ?? record.id,
    blob: record.blob,
    date: record.createdAt,
  }));
  if (remote) {
    const folder = photoFolder(work, workId);
    try {
      const names = await remote.list(folder);
      const known = new Set(photos.map((photo) => photo.name));
      for (const name of names.filter((entry) => !known.has(entry))) {
        photos.push({ name, blob: await remote.download(`${folder}/${name}`), date: null });
      }
    } catch {
      // Offline or refused: the report is made from what the device holds.
    }
  }
  const embeddable = photos.filter((photo) => /^image\/(jpeg|png)$/.test(photo.blob.type));
  return Promise.all(
    embeddable.map(async (photo, index) => ({
      caption: `Photo ${index + 1}${photo.date ? ` - ${formatDate(photo.date)}` : ''}`,
      bytes: new Uint8Array(await photo.blob.arrayBuffer()),
      type: photo.blob.type as ReportPhoto['type'],
    })),
  );
}

/** Loads a report from the signed-in user's mirror (for ServiceReportButton's `load`). */
export function useServiceReportLoader(): (
  source: ServiceReportSource,
) => Promise<ServiceReport | null> {
  const state = useSession();
  const store = useSessionStore();
  const db = state.status === 'signedIn' ? state.db : null;
  return useCallback(
    async (source: ServiceReportSource) =>
      db ? loadServiceReport(db, source, store.remotePhotos) : null,
    [db, store],
  );
}

/** One report a chair has: a resolved ticket or a completed installation. */
export interface ChairReportItem {
  source: ServiceReportSource;
  kind: 'SERVICE' | 'INSTALLATION';
  /** What the work was: the ticket's title, or 'Installation'. */
  title: string;
  date: string;
}

/** The reports of one chair in the mirror, newest first; undefined while loading. */
export async function loadChairReports(
  db: ChairsideDatabase,
  chairId: string,
): Promise<ChairReportItem[]> {
  const [tickets, installations] = await Promise.all([
    db.supportTickets.where('chairId').equals(chairId).toArray(),
    db.installations.where('chairId').equals(chairId).toArray(),
  ]);
  const items: ChairReportItem[] = [
    ...tickets
      .filter((ticket) => ticket.status === 'RESOLVED' || ticket.status === 'CLOSED')
      .map((ticket) => ({
        source: { ticketId: ticket.id },
        kind: 'SERVICE' as const,
        title: ticket.title,
        date: ticket.serviceNotes?.completedAt ?? ticket.updatedAt,
      })),
    ...installations.map((installation) => ({
      source: { installationId: installation.id },
      kind: 'INSTALLATION' as const,
      title: 'Installation',
      date: installation.completedAt ?? installation.createdAt,
    })),
  ];
  return items.sort((a, b) => b.date.localeCompare(a.date));
}

export function useChairReports(chairId: string): ChairReportItem[] | undefined {
  return useMirror<ChairReportItem[] | undefined>(
    (db) => loadChairReports(db, chairId),
    [chairId],
    undefined,
  );
}
