/**
 * Add Chair to Inventory (SPEC §2 Admin Chairs, §3 Model option catalogue, §5 Add chair): serial
 * number and model required; the configuration offers the chosen model's options, and the
 * upholstery colours of the chosen type (Formed H1-H14, Sewn S1-S16). A serial already in the
 * inventory is refused with 'Serial number already exists' under the field.
 */
import { NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormField, TextField } from '../../../components/form-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { useAction } from '../../../data/use-action';
import {
  chairModels,
  defaultConfiguration,
  modelOptions,
  upholsteryColours,
  type ChairModel,
  type UpholsteryType,
} from '../../../domain/chair-models';
import { SERIAL_ALREADY_EXISTS } from '../../../domain/chairs';
import { addChairSchema, type AddChairInput } from '../../../domain/schemas/admin.schema';

const initial = (): AddChairInput => ({
  serialNumber: '',
  model: 'S30',
  configuration: defaultConfiguration('S30'),
});

/** The configuration's plain option selects, in the form's order: label, model options, field. */
const CONFIGURATION_SELECTS = [
  ['Delivery System', 'deliverySystems', 'deliverySystem'],
  ['Instrument Option', 'instrumentOptions', 'instrumentOption'],
  ['Assistant Chairside', 'assistantChairside', 'assistantChairside'],
  ['Lighting', 'lighting', 'lighting'],
  ['Foot Control', 'footControls', 'footControl'],
  ['Monitor Bracket', 'monitorBrackets', 'monitorBracket'],
] as const;

function OptionSelect({
  label,
  options,
  registration,
}: {
  label: string;
  options: readonly (string | { name: string; description: string })[];
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField label={label}>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field {...registration}>
          {options.map((option) => {
            const name = typeof option === 'string' ? option : option.name;
            return (
              <option key={name} value={name}>
                {name}
              </option>
            );
          })}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** The props of the inventory's dialogs that add chairs (one, or a file of them). */
export interface AddChairsDialogProps {
  open: boolean;
  onClose: () => void;
  /** Serial numbers in the inventory, lower-cased (the server also compares without case). */
  existingSerials: ReadonlySet<string>;
}

export function AddChairDialog({ open, onClose, existingSerials }: AddChairsDialogProps) {
  const { run } = useAction();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<AddChairInput>({ resolver: zodResolver(addChairSchema), defaultValues: initial() });
  useUnsavedInput(isDirty && !isSubmitting);
  const model = watch('model');
  const upholsteryType = watch('configuration.upholsteryType') ?? 'Formed';
  const options = modelOptions(model);
  const lighting = options.lighting.find((l) => l.name === watch('configuration.lighting'));
  const instruments = options.instrumentOptions.find(
    (i) => i.name === watch('configuration.instrumentOption'),
  );

  const close = () => {
    reset(initial());
    onClose();
  };

  const modelField = register('model', {
    onChange: (event: { target: { value: string } }) =>
      setValue('configuration', defaultConfiguration(event.target.value as ChairModel)),
  });
  const typeField = register('configuration.upholsteryType', {
    onChange: (event: { target: { value: string } }) =>
      setValue(
        'configuration.upholsteryColor',
        upholsteryColours(event.target.value as UpholsteryType)[0] ?? '',
      ),
  });

  const submit = async (values: AddChairInput) => {
    const serialNumber = values.serialNumber.trim();
    if (existingSerials.has(serialNumber.toLowerCase())) {
      setError('serialNumber', { message: SERIAL_ALREADY_EXISTS });
      return;
    }
    const ok = await run(
      'chair.add',
      { id: crypto.randomUUID(), ...values, serialNumber },
      {
        success: { title: 'Chair added to inventory with full configuration' },
        failure: 'Failed to add chair to inventory',
      },
    );
    if (ok) close();
  };

  return (
    <FormDialog
      title="Add Chair to Inventory"
      open={open}
      onClose={close}
      size="xl"
      formId="add-chair"
      formLabel="Add chair"
      submitLabel="Add to Inventory"
      submitting={isSubmitting}
      onSubmit={handleSubmit(submit)}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField
          label="Serial Number"
          required
          error={errors.serialNumber?.message}
          registration={register('serialNumber')}
        />
        <FormField label="Model" required error={errors.model?.message}>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field {...modelField}>
              {chairModels.map((m) => (
                <option key={m.model} value={m.model}>
                  {m.modelName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </SimpleGrid>
      <Text fontWeight="semibold">Configuration</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {CONFIGURATION_SELECTS.map(([label, key, field]) => (
          <OptionSelect
            key={field}
            label={label}
            options={options[key]}
            registration={register(`configuration.${field}`)}
          />
        ))}
        <OptionSelect
          label="Upholstery Type"
          options={options.upholsteryTypes}
          registration={typeField}
        />
        <FormField label="Upholstery Colour" error={errors.configuration?.upholsteryColor?.message}>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field {...register('configuration.upholsteryColor')}>
              {upholsteryColours(upholsteryType).map((colour) => (
                <option key={colour} value={colour}>
                  {colour}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </SimpleGrid>
      {instruments ? (
        <Text fontSize="sm" color="fg.muted">
          {instruments.name}: {instruments.description}
        </Text>
      ) : null}
      {lighting ? (
        <Text fontSize="sm" color="fg.muted">
          {lighting.name}: {lighting.description}
        </Text>
      ) : null}
    </FormDialog>
  );
}
