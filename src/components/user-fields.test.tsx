import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type FieldValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { addUserSchema } from '../domain/schemas/admin.schema';
import { editUserSchema } from '../domain/schemas/edit-user.schema';
import { customerProfileSchema, engineerProfileSchema } from '../domain/schemas/profile.schema';
import { UserFields, type UserFieldName, type UserFieldsSchema } from './user-fields';

type Schema = UserFieldsSchema & Parameters<typeof zodResolver>[0];

function Form({
  schema,
  fields,
  wording,
}: {
  schema: Schema;
  fields: UserFieldName[];
  wording?: 'profile' | 'directory';
}) {
  const form = useForm<FieldValues>({ resolver: zodResolver(schema) as never, defaultValues: {} });
  return (
    <form aria-label="Person" onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <UserFields form={form} schema={schema} fields={fields} wording={wording} />
      <button type="submit">Save</button>
    </form>
  );
}

const show = (props: Parameters<typeof Form>[0]) =>
  render(
    <ChakraProvider value={defaultSystem}>
      <Form {...props} />
    </ChakraProvider>,
  );

/** Each field's accessible name, in order ('*' marks a required one). */
const names = () =>
  [...screen.getByRole('form', { name: 'Person' }).querySelectorAll('input, select, textarea')].map(
    (el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '',
  );

describe('UserFields', () => {
  it('words a profile as the user’s own, required marks from the schema', () => {
    show({
      schema: engineerProfileSchema,
      fields: [
        'profilePictureUrl',
        'name',
        'email',
        'phone',
        'location',
        'emergencyPhone',
        'coverageAreas',
        'specializations',
        'skillSets',
      ],
    });
    expect(names()).toEqual([
      'Profile Picture URL',
      'Full Name*',
      'Email Address*',
      'Phone Number',
      'Primary Location*',
      'Emergency Phone',
      'Coverage Areas*',
      'Specializations*',
      'Skill Sets*',
    ]);
    expect(screen.getByLabelText(/Profile Picture URL/)).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText(/Email Address/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Phone Number/)).toHaveAttribute('type', 'tel');
    expect(screen.getByText('Leave blank to use your initials')).toBeInTheDocument();
    expect(screen.getByText('Separate areas with commas')).toBeInTheDocument();
  });

  it('gives an address several lines, so a long one is never cut', () => {
    show({ schema: customerProfileSchema, fields: ['name', 'address', 'practiceAddress'] });
    expect(screen.getByRole('textbox', { name: 'Address' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Practice Address' }).tagName).toBe('TEXTAREA');
  });

  it('words the admin’s directory entry, where location and lists are optional', () => {
    show({
      schema: addUserSchema,
      wording: 'directory',
      fields: ['name', 'email', 'phone', 'address', 'location', 'coverageAreas'],
    });
    expect(names()).toEqual(['Name*', 'Email*', 'Phone', 'Address', 'Location', 'Coverage Areas']);
    expect(screen.getByText('Engineer details are saved only with a location')).toBeInTheDocument();
  });

  it('offers the practice types in words, not required, and shows SPEC’s messages under each field', async () => {
    show({ schema: customerProfileSchema, fields: ['name', 'email', 'practiceType'] });
    const type = screen.getByRole('combobox', { name: 'Practice Type' });
    expect([...(type as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Dental',
      'Medical',
      'Veterinary',
      'Clinic',
    ]);
    await userEvent.type(screen.getByLabelText(/Email Address/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
  });

  it('marks only the fields its schema requires (the admin’s Edit User)', () => {
    show({ schema: editUserSchema, wording: 'directory', fields: ['name', 'email', 'phone'] });
    expect(names()).toEqual(['Name*', 'Email*', 'Phone']);
  });
});
