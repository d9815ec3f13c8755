/**
 * The Add User dialog (SPEC §2 Admin Users, §5 Add user): name, valid e-mail and role (Customer,
 * Admin, Engineer) required, the rest optional; practice fields for a customer, location and
 * comma-separated coverage areas and specializations for an engineer. The role comes first: it
 * decides which of the person's fields (the kit's UserFields, in the directory's words) follow.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { toaster } from '../../../components/toaster';
import { SelectField, labelledOptions } from '../../../components/select-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { UserFields, type UserFieldName } from '../../../components/user-fields';
import { useAction } from '../../../data/use-action';
import { addUserArgs } from '../../../domain/admin-users';
import { ROLE_LABELS } from '../../../domain/labels';
import {
  ADDABLE_ROLES,
  addUserSchema,
  type AddUserInput,
} from '../../../domain/schemas/admin.schema';
import { USER_EMAIL_TAKEN } from '../../../domain/users';

const EMPTY: AddUserInput = {
  name: '',
  email: '',
  role: 'CUSTOMER',
  phone: '',
  address: '',
  practiceName: '',
  practiceType: 'DENTAL',
  location: '',
  coverageAreas: '',
  specializations: '',
};

const ROLES = labelledOptions(ADDABLE_ROLES, ROLE_LABELS);

type AddUserField = keyof AddUserInput & UserFieldName;

const PERSON: AddUserField[] = ['name', 'email', 'phone', 'address'];

/** The fields each role adds to the person's own. */
const ROLE_FIELDS: Record<AddUserInput['role'], AddUserField[]> = {
  CUSTOMER: ['practiceName', 'practiceType'],
  ADMIN: [],
  ENGINEER: ['location', 'coverageAreas', 'specializations'],
};

export function AddUserDialog({
  open,
  onClose,
  existingEmails,
}: {
  open: boolean;
  onClose: () => void;
  /** E-mail addresses of the live users, lower-cased (the server also compares without case). */
  existingEmails: ReadonlySet<string>;
}) {
  const { run } = useAction();
  const form = useForm<AddUserInput>({
    resolver: zodResolver(addUserSchema),
    defaultValues: EMPTY,
  });
  const {
    formState: { errors, isDirty, isSubmitting },
  } = form;
  useUnsavedInput(isDirty && !isSubmitting);
  const role = form.watch('role');

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  const submit = async (values: AddUserInput) => {
    // Decided on the mirror before anything is queued, as Add Chair's serial (issue 29).
    if (existingEmails.has(values.email.trim().toLowerCase())) {
      form.setError('email', { message: USER_EMAIL_TAKEN });
      toaster.create({
        type: 'error',
        title: 'Failed to create user',
        description: USER_EMAIL_TAKEN,
      });
      return;
    }
    const ok = await run('user.create', addUserArgs(crypto.randomUUID(), values), {
      success: { title: 'User created successfully' },
      failure: 'Failed to create user',
    });
    if (ok) close();
  };

  return (
    <FormDialog
      title="Add New User"
      open={open}
      onClose={close}
      size="lg"
      formId="add-user"
      formLabel="Add user"
      submitLabel="Create User"
      submitting={isSubmitting}
      onSubmit={form.handleSubmit(submit)}
    >
      <SelectField
        label="Role"
        required
        error={errors.role?.message}
        options={ROLES}
        registration={form.register('role')}
      />
      <UserFields
        form={form}
        schema={addUserSchema}
        wording="directory"
        fields={[...PERSON, ...ROLE_FIELDS[role]]}
      />
    </FormDialog>
  );
}
