/** Step 2: check the chair on site against its record and confirm it matches exactly. */
import { Box, Checkbox, DataList, Heading, SimpleGrid } from '@chakra-ui/react';
import type { InstallableChair } from '../../../data/queries/equipment';
import { modelName } from '../../../domain/chair-models';
import { formatDate } from '../../../domain/format';
import { CHAIR_CONFIGURATION_LABELS } from '../../../domain/labels';

export function VerifyEquipmentStep({
  item,
  confirmed,
  onConfirmedChange,
}: {
  item: InstallableChair;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
}) {
  const { chair, owner } = item;
  return (
    <Box>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mb="6">
        <Box borderWidth="1px" borderRadius="md" p="4">
          <Heading as="h2" size="md" mb="3">
            Equipment
          </Heading>
          <DataList.Root orientation="horizontal" size="lg">
            <DataList.Item>
              <DataList.ItemLabel minW="150px">Serial number</DataList.ItemLabel>
              <DataList.ItemValue fontWeight="semibold">{chair.serialNumber}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="150px">Model</DataList.ItemLabel>
              <DataList.ItemValue>
                {chair.modelName || modelName(chair.model)} ({chair.model})
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="150px">Customer</DataList.ItemLabel>
              <DataList.ItemValue>{owner?.name || 'No owner assigned'}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="150px">Practice</DataList.ItemLabel>
              <DataList.ItemValue>{owner?.practice?.name || 'No practice'}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="150px">Delivered</DataList.ItemLabel>
              <DataList.ItemValue>
                {formatDate(chair.deliveryDate) || 'Not recorded'}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Box>
        <Box borderWidth="1px" borderRadius="md" p="4">
          <Heading as="h2" size="md" mb="3">
            Configuration
          </Heading>
          <DataList.Root orientation="horizontal" size="lg" aria-label="Configuration">
            {CHAIR_CONFIGURATION_LABELS.map(([key, label]) => (
              <DataList.Item key={key}>
                <DataList.ItemLabel minW="150px">{label}</DataList.ItemLabel>
                <DataList.ItemValue>
                  {chair.configuration?.[key] || 'Not specified'}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Box>
      </SimpleGrid>
      <Checkbox.Root
        checked={confirmed}
        onCheckedChange={(details) => onConfirmedChange(details.checked === true)}
        size="lg"
        colorPalette="brand"
        borderWidth="1px"
        borderRadius="md"
        p="4"
        width="100%"
        alignItems="start"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label>
          The chair on site matches exactly the serial number, model and configuration above
        </Checkbox.Label>
      </Checkbox.Root>
    </Box>
  );
}
