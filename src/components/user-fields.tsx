/**
 * The one block of a person's fields (SPEC §2 Profile pages, Admin Users; §5 Customer, Admin and
 * vendor, Engineer profile, Add user): name, e-mail, phone, address, picture URL, the practice's
 * and the engineer's details. Each field is declared here once (label, input type, helper, width);
 * a form lists the fields it holds, in its order, and passes its react-hook-form `form` and the
 * form schema (derived from the mutation's), from which the required marks follow: a field is
 * required when the schema accepts neither nothing nor ''. Errors are the schema's SPEC messages.
 *
 * Wording: a profile is the user's own ('Full Name', 'Email Address', 'Phone Number', 'Primary
 * Location', SPEC §2 My Profile); the admin's Add and Edit User dialogs hold another person's
 * directory entry ('Name', 'Email', 'Phone', 'Location', with the rules of what is saved).
 */
import { Box, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { PRACTICE_TYPE_LABELS } from '../domain/labels';
import { PRACTICE_TYPES } from '../domain/schemas/common';
import { FormActions } from './form-dialog';
import { FormField, TextField } from './form-field';
import { SelectField, labelledOptions } from './select-field';
import { useUnsavedInput } from './unsaved-input';

export type UserFieldName =
  | 'name'
  | 'email'
  | 'phone'
  | 'address'
  | 'profilePictureUrl'
  | 'practiceName'
  | 'practiceType'
  | 'practiceAddress'
  | 'practicePhone'
  | 'location'
  | 'emergencyPhone'
  | 'coverageAreas'
  | 'specializations'
  | 'skillSets';

/** Whose details: the user's own ('profile') or a directory entry the admin keeps ('directory'). */
export type UserFieldsWording = 'profile' | 'directory';

interface FieldWords {
  label: string;
  helper?: string;
}

interface FieldSpec extends FieldWords {
  type?: 'email' | 'tel' | 'url';
  /** Takes the whole row of the two-column grid. */
  wide?: boolean;
  /** Several lines: a long address is read whole, never cut. */
  multiline?: boolean;
  /** The directory's words, where they differ. */
  directory?: Partial<FieldWords>;
}

const FIELDS: Record<Exclude<UserFieldName, 'practiceType'>, FieldSpec> = {
  name: { label: 'Full Name', directory: { label: 'Name' } },
  email: { label: 'Email Address', type: 'email', directory: { label: 'Email' } },
  phone: { label: 'Phone Number', type: 'tel', directory: { label: 'Phone' } },
  address: { label: 'Address', wide: true, multiline: true },
  profilePictureUrl: {
    label: 'Profile Picture URL',
    type: 'url',
    helper: 'Leave blank to use your initials',
    wide: true,
  },
  practiceName: {
    label: 'Practice Name',
    directory: { helper: 'A practice is saved only with a name' },
  },
  practiceAddress: { label: 'Practice Address', wide: true, multiline: true },
  practicePhone: { label: 'Practice Phone', type: 'tel' },
  location: {
    label: 'Primary Location',
    directory: { label: 'Location', helper: 'Engineer details are saved only with a location' },
  },
  emergencyPhone: { label: 'Emergency Phone', type: 'tel' },
  coverageAreas: { label: 'Coverage Areas', helper: 'Separate areas with commas', wide: true },
  specializations: {
    label: 'Specializations',
    helper: 'Separate specializations with commas',
    wide: true,
  },
  skillSets: { label: 'Skill Sets', helper: 'Separate skills with commas', wide: true },
};

const PRACTICE_TYPE_OPTIONS = labelledOptions(PRACTICE_TYPES, PRACTICE_TYPE_LABELS);

/** What UserFields needs of a form schema: its fields, each able to check a value. */
export interface UserFieldsSchema {
  shape: Record<string, { safeParse(value: unknown): { success: boolean } }>;
}

/** A field is required when its schema accepts neither nothing nor an empty entry. */
function isRequired(schema: UserFieldsSchema, field: UserFieldName): boolean {
  const rule = schema.shape[field];
  return Boolean(rule) && !rule!.safeParse(undefined).success && !rule!.safeParse('').success;
}

export function UserFields<T extends FieldValues>({
  form,
  schema,
  fields,
  wording = 'profile',
}: {
  /** The form's useForm(): its fields are registered here and its errors shown. */
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  schema: UserFieldsSchema;
  /** The fields this form holds, in order. */
  fields: readonly (UserFieldName & Path<T>)[];
  wording?: UserFieldsWording;
}) {
  const { errors } = form.formState;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {fields.map((field) => {
        const error = (get(errors, field) as { message?: string } | undefined)?.message;
        const required = isRequired(schema, field);
        const registration = form.register(field);
        if (field === 'practiceType') {
          return (
            <SelectField
              key={field}
              label="Practice Type"
              required={required}
              error={error}
              options={PRACTICE_TYPE_OPTIONS}
              registration={registration}
            />
          );
        }
        const { directory, wide, multiline, ...spec } = FIELDS[field];
        const words = wording === 'directory' ? { ...spec, ...directory } : spec;
        return (
          <Box key={field} gridColumn={wide ? { md: '1 / -1' } : undefined}>
            {multiline ? (
              <FormField
                label={words.label}
                helper={words.helper}
                required={required}
                error={error}
              >
                <Textarea size="lg" rows={3} resize="vertical" {...registration} />
              </FormField>
            ) : (
              <TextField
                label={words.label}
                helper={words.helper}
                type={spec.type}
                required={required}
                error={error}
                registration={registration}
              />
            )}
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * A profile's edit form (SPEC §4 Profile pages): the fields, then Cancel, which puts the stored
 * values back and returns to view, and Save Changes ('Saving...' while saving), which returns to
 * view once `onSave` says the change is recorded. An app update never reloads over its input.
 */
export function ProfileEditForm<I extends FieldValues, O>({
  form,
  stored,
  onSave,
  onDone,
  children,
}: {
  form: UseFormReturn<I, unknown, O>;
  /** The stored values, which Cancel puts back. */
  stored: I;
  /** The screen's useAction run; true when the change is recorded. */
  onSave: (values: O) => Promise<boolean>;
  /** Back to view. */
  onDone: () => void;
  children: ReactNode;
}) {
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedInput(isDirty && !isSubmitting);
  const cancel = () => {
    form.reset(stored);
    onDone();
  };
  const save = async (values: O) => {
    if (await onSave(values)) onDone();
  };
  return (
    <form aria-label="Edit profile" onSubmit={form.handleSubmit(save)} noValidate>
      <Stack gap="5">
        {children}
        <FormActions
          cancel={cancel}
          cancelDisabled={isSubmitting}
          submitLabel="Save Changes"
          submitting={isSubmitting}
          loadingText="Saving..."
        />
      </Stack>
    </form>
  );
}
