/** View Configuration (SPEC §2 Admin Chairs): a chair's model and every configuration choice. */
import { DataList, Text } from '@chakra-ui/react';
import { DialogFrame } from '../../../components/dialog-frame';
import type { Chair } from '../../../domain/entities';
import { chairModelName } from '../../../domain/labels';

const FIELDS = [
  ['deliverySystem', 'Delivery System'],
  ['instrumentOption', 'Instrument Option'],
  ['assistantChairside', 'Assistant Chairside'],
  ['lighting', 'Lighting'],
  ['footControl', 'Foot Control'],
  ['upholsteryType', 'Upholstery Type'],
  ['upholsteryColor', 'Upholstery Colour'],
  ['monitorBracket', 'Monitor Bracket'],
] as const;

export function ConfigurationDialog({
  chair,
  onClose,
}: {
  chair: Chair | null;
  onClose: () => void;
}) {
  return (
    <DialogFrame
      title={chair ? `Configuration: ${chair.serialNumber}` : 'Configuration'}
      open={chair !== null}
      onClose={onClose}
      size="md"
    >
      {chair ? (
        <DataList.Root orientation="horizontal">
          <DataList.Item>
            <DataList.ItemLabel minW="44">Model</DataList.ItemLabel>
            <DataList.ItemValue>{chairModelName(chair)}</DataList.ItemValue>
          </DataList.Item>
          {FIELDS.map(([key, label]) =>
            chair.configuration ? (
              <DataList.Item key={key}>
                <DataList.ItemLabel minW="44">{label}</DataList.ItemLabel>
                <DataList.ItemValue>{chair.configuration[key] || '—'}</DataList.ItemValue>
              </DataList.Item>
            ) : null,
          )}
        </DataList.Root>
      ) : null}
      {chair && !chair.configuration ? (
        <Text color="fg.muted" mt="4">
          No configuration recorded.
        </Text>
      ) : null}
    </DialogFrame>
  );
}
