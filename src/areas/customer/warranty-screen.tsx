/**
 * Warranty Activation (SPEC §2, §4 Warranty, §5): how a customer registers a chair. A live lookup
 * of the serial number shows 'Found: {model}' or 'Serial number not found in inventory'; submit
 * waits for a chair that can be registered. The lookup reads this device's mirror first (a
 * customer's own chairs), then asks the server (useSerialLookup). Offline, or when the server
 * cannot answer, a serial the mirror does not hold is checked by the server when the activation
 * is sent (once back online); a refusal then lands in needs-attention in SPEC's words ('Serial
 * number not found in inventory', the 14-day window). Until then My Chairs shows the chair from
 * the activation's local effect (a stand-in row, src/domain/chairs.ts provisionalChairId), so its
 * test sheet can be submitted at once; the model the lookup found goes with the activation for it.
 */
import { Alert, Button, Card, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { ScanLabelButton } from '../../components/scan-label-button';
import { ScreenHeading } from '../../components/screen-heading';
import { useUnsavedInput } from '../../components/unsaved-input';
import {
  useLikelyOnline,
  useSerialLookup,
  type SerialLookup,
} from '../../data/queries/serial-lookup';
import { useAction } from '../../data/use-action';
import { SERIAL_NOT_IN_INVENTORY } from '../../domain/chairs';
import {
  warrantyActivationSchema,
  type WarrantyActivationInput,
} from '../../domain/schemas/warranty.schema';
import { ACTIVATION_WINDOW_DAYS, DEFAULT_WARRANTY_YEARS } from '../../domain/warranty';

export const SERIAL_CHECKED_LATER =
  'The inventory cannot be checked right now: the serial number will be checked when the activation is sent.';
export const SERIAL_CHECKED_ONLINE =
  'You are offline: the serial number will be checked against the inventory once you are back online.';

const RULES = [
  `Activate within ${ACTIVATION_WINDOW_DAYS} days of delivery.`,
  'Only chairs in stock or delivered can be registered.',
  `The warranty runs ${DEFAULT_WARRANTY_YEARS} years from activation.`,
  'It is confirmed once the equipment test sheet passes all four checks.',
];

export const SERIAL_CHECKING = 'Checking the inventory…';

/** SPEC §8's toast, once the server (or this device) has found the serial in the inventory. */
const ACTIVATED = {
  title: 'Warranty activation received',
  description: 'Your warranty has been successfully activated.',
};
/**
 * The toast when the serial could not be checked (offline, or the server not answering): the
 * activation is queued, not done, so it says what happens next (README, Departures).
 */
export const ACTIVATION_QUEUED = {
  title: 'Warranty activation received',
  description:
    'The serial number will be checked against the inventory when you are back online; the warranty is activated once it is found.',
};

function Lookup({ lookup }: { lookup: SerialLookup }) {
  const online = useLikelyOnline();
  if (lookup === 'idle') return null;
  if (typeof lookup === 'object') {
    return (
      <Text color="fg.success" role="status">
        Found: {lookup.found}
      </Text>
    );
  }
  if (lookup === 'not-found') {
    return (
      <Text color="fg.error" role="status">
        {SERIAL_NOT_IN_INVENTORY}
      </Text>
    );
  }
  return (
    <Text color="fg.muted" role="status">
      {lookup === 'checking'
        ? SERIAL_CHECKING
        : online
          ? SERIAL_CHECKED_LATER
          : SERIAL_CHECKED_ONLINE}
    </Text>
  );
}

export function WarrantyScreen() {
  const { run } = useAction();
  const schema = useMemo(() => warrantyActivationSchema(new Date()), []);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<WarrantyActivationInput>({
    resolver: zodResolver(schema),
    // Errors show as a field is left, so 'Serial number is required' shows while submit waits.
    mode: 'onTouched',
    defaultValues: { serialNumber: '', deliveryDate: '' },
  });
  useUnsavedInput(isDirty && !isSubmitting);
  const serialField = useRef<HTMLInputElement | null>(null);
  const { ref: serialRef, ...serialRegistration } = register('serialNumber');
  // A label read fills the field as typing does: dirty, touched and checked, so the lookup runs.
  const scanned = (value: string) =>
    setValue('serialNumber', value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  const serial = useWatch({ control, name: 'serialNumber' });
  const lookup = useSerialLookup(serial);
  // Offline (or the server not answering), the serial is checked when the activation is sent.
  const blocked = !(typeof lookup === 'object' || lookup === 'offline');

  const submit = async (values: WarrantyActivationInput) => {
    const ok = await run(
      'chair.activateWarranty',
      {
        serialNumber: values.serialNumber.trim(),
        deliveryDate: values.deliveryDate,
        model: typeof lookup === 'object' ? lookup.model : undefined,
      },
      {
        success: typeof lookup === 'object' ? ACTIVATED : ACTIVATION_QUEUED,
        failure: 'Failed to activate warranty',
      },
    );
    if (ok) reset();
  };

  return (
    <>
      <ScreenHeading
        title="Warranty Activation"
        intro="Register a new chair by activating its warranty."
      />
      <Stack gap="5" maxW="2xl">
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Warranty rules</Alert.Title>
            <Alert.Description>
              <List.Root ps="4">
                {RULES.map((rule) => (
                  <List.Item key={rule}>{rule}</List.Item>
                ))}
              </List.Root>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Card.Root variant="outline">
          <Card.Body>
            <form aria-label="Activate warranty" onSubmit={handleSubmit(submit)} noValidate>
              <Stack gap="5">
                <FormField label="Serial Number" required error={errors.serialNumber?.message}>
                  <HStack gap="2" width="full" align="stretch">
                    <Input
                      size="lg"
                      autoComplete="off"
                      flex="1"
                      {...serialRegistration}
                      ref={(element) => {
                        serialRef(element);
                        serialField.current = element;
                      }}
                    />
                    <ScanLabelButton field={serialField} onScan={scanned} />
                  </HStack>
                </FormField>
                <Lookup lookup={lookup} />
                <FormField label="Delivery Date" required error={errors.deliveryDate?.message}>
                  <Input size="lg" type="date" {...register('deliveryDate')} />
                </FormField>
                <Button
                  type="submit"
                  colorPalette="brand"
                  size="lg"
                  loading={isSubmitting}
                  disabled={blocked}
                >
                  Activate Warranty
                </Button>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
      </Stack>
    </>
  );
}
