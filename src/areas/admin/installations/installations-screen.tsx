/**
 * Installations (issue 20, beyond SPEC §2): every installation the engineers logged, read-only,
 * searchable by chair serial, practice, engineer or the name that signed. A completed one offers
 * its signed Installation Report, made on this device from the mirror like the engineer's.
 */
import { Card, Stack, Text, Wrap } from '@chakra-ui/react';
import { LuWrench } from 'react-icons/lu';
import type { CsvExport } from '../../../components/export-csv-button';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchableList } from '../../../components/searchable-list';
import { StatusBadge } from '../../../components/status-badges';
import { useAdminInstallations, type AdminInstallation } from '../../../data/queries/admin';
import { isoDay } from '../../../domain/csv-cells';
import { displayId, formatDate } from '../../../domain/format';
import { checklistTally } from '../../../domain/installation-checklist';
import { chairLabel, customerLabel } from '../../../domain/labels';
import { engineerLabel } from '../../../domain/vendor';
import { ListReportButton } from '../report-button';

function installationFields({ installation, customer, engineer, chair }: AdminInstallation) {
  return [chair?.serialNumber, customer?.name, engineer?.name, installation.customerName];
}

const installationKey = (item: AdminInstallation) => item.installation.id;

const installationsCsv: CsvExport<AdminInstallation> = {
  name: 'installations',
  columns: [
    { header: 'Installation', value: ({ installation }) => displayId(installation.id) },
    {
      header: 'Status',
      value: ({ installation }) => (installation.completedAt ? 'Completed' : 'In Progress'),
    },
    { header: 'Chair', value: ({ chair }) => chairLabel(chair) },
    { header: 'Customer', value: ({ customer }) => customerLabel(customer) },
    {
      header: 'Engineer',
      value: ({ installation, engineer }) =>
        installation.engineerUserId ? engineerLabel(engineer) : 'Unassigned',
    },
    {
      header: 'Checklist',
      value: ({ installation }) => {
        const tally = checklistTally(installation.checklist ?? {});
        return `${tally.passed} of ${tally.total} items`;
      },
    },
    { header: 'Signed By', value: ({ installation }) => installation.customerName },
    { header: 'Started', value: ({ installation }) => isoDay(installation.createdAt) },
    { header: 'Completed', value: ({ installation }) => isoDay(installation.completedAt) },
    { header: 'Notes', value: ({ installation }) => installation.notes },
  ],
};

export function InstallationsScreen() {
  const installations = useAdminInstallations();
  return (
    <Stack gap="5">
      <ScreenHeading
        title="Installations"
        intro="Every chair installation the engineers logged, with its signed report."
      />
      <SearchableList
        items={installations}
        loadingLabel="Loading installations…"
        searchLabel="Search installations"
        searchPlaceholder="Search by chair serial, practice, engineer or signed by..."
        searchFields={installationFields}
        listLabel="Installations"
        csv={installationsCsv}
        itemKey={installationKey}
        renderItem={renderInstallation}
        empty={{
          icon: <LuWrench />,
          title: 'No installations found',
          noMatch: 'No installation matches your search.',
          none: 'Installations will appear here when engineers complete them.',
        }}
      />
    </Stack>
  );
}

function renderInstallation({ installation, customer, engineer, chair }: AdminInstallation) {
  const title = `Installation #${displayId(installation.id)}`;
  const tally = checklistTally(installation.checklist ?? {});
  const completed = installation.completedAt !== null;
  return (
    <Card.Root as="article" aria-label={title} size="sm" variant="outline">
      <Card.Body gap="2">
        <Wrap gap="2" align="center">
          <Text as="h3" fontWeight="semibold" fontSize="lg">
            {title}
          </Text>
          <StatusBadge
            label={completed ? 'Completed' : 'In Progress'}
            palette={completed ? 'green' : 'purple'}
          />
        </Wrap>
        <Text>Chair: {chairLabel(chair)}</Text>
        <Wrap columnGap="4" rowGap="1" fontSize="sm" color="fg.muted">
          <Text>Customer: {customerLabel(customer)}</Text>
          <Text>
            Engineer: {installation.engineerUserId ? engineerLabel(engineer) : 'Unassigned'}
          </Text>
          <Text>
            Checklist: {tally.passed} of {tally.total} items
          </Text>
          {installation.customerName ? <Text>Signed by {installation.customerName}</Text> : null}
          <Text>
            {completed
              ? `Completed ${formatDate(installation.completedAt)}`
              : `Started ${formatDate(installation.createdAt)}`}
          </Text>
        </Wrap>
        {installation.notes ? <Text fontSize="sm">Notes: {installation.notes}</Text> : null}
        {completed ? <ListReportButton source={{ installationId: installation.id }} /> : null}
      </Card.Body>
    </Card.Root>
  );
}
