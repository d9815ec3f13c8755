import { readFileSync } from 'node:fs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../../domain/paths';
import { CUSTOMER_ID, ENGINEER_ID, userRow } from '../../../testing/rows';
import { outbox, renderAdmin } from '../test-fixtures';
import { UsersScreen } from './users-screen';

async function renderUsers() {
  return renderAdmin(<UsersScreen />, {
    path: adminPaths.users,
    seed: (db) =>
      db.users.bulkPut([
        userRow({ id: CUSTOMER_ID, name: 'Riverside Dental', email: 'desk@riverside.example' }),
        userRow({
          id: ENGINEER_ID,
          name: 'Alice Engineer',
          role: 'ENGINEER',
          email: 'alice@x.example',
        }),
      ]),
  });
}

const card = (name: string) => within(screen.getByRole('article', { name }));

async function openAddUser() {
  const user = userEvent.setup();
  await renderUsers();
  await screen.findByRole('article', { name: 'Riverside Dental' });
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  const form = await screen.findByRole('form', { name: 'Add user' });
  return { user, form: within(form) };
}

describe('UsersScreen', () => {
  it('shows a role once: a dropdown to change it, a badge on their own card; no self-delete', async () => {
    await renderUsers();
    await screen.findByRole('article', { name: 'Riverside Dental' });
    const alice = card('Alice Engineer');
    expect(alice.getByRole('combobox', { name: 'Role of Alice Engineer' })).toHaveValue('ENGINEER');
    // 'Engineer' appears once as visible words: the dropdown's chosen option, no badge beside it.
    expect(
      screen.getByRole('article', { name: 'Alice Engineer' }).querySelectorAll('.chakra-badge'),
    ).toHaveLength(0);
    expect(card('Ada Admin').getByRole('button', { name: 'Delete Ada Admin' })).toBeDisabled();
    expect(card('Ada Admin').queryByRole('combobox', { name: 'Role of Ada Admin' })).toBeNull();
    expect(card('Ada Admin').getByText('Admin')).toHaveClass('chakra-badge');
  });

  it('has the role shown once written down as a departure from SPEC §2, with its reason', () => {
    const readme = readFileSync('README.md', 'utf8');
    const start = readme.indexOf('## Departures from SPEC');
    const departures = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const entry = departures.split('\n- ').find((item) => item.includes('role badge'));
    expect(entry).toMatch(/^\*\*A user's card shows the role once\*\* \(SPEC §2/);
    expect(entry).toContain('role dropdown');
    expect(entry).toContain("admin's own card");
  });

  it('searches by name, email or role', async () => {
    const user = userEvent.setup();
    await renderUsers();
    await screen.findByRole('article', { name: 'Riverside Dental' });
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(search, 'engineer');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'riverside.example');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Riverside Dental',
    ]);
    await user.clear(search);
    await user.type(search, 'nobody at all');
    expect(screen.getByText('No users found')).toBeInTheDocument();
  });

  it("shows SPEC's add-user messages: name required, valid email", async () => {
    const { user, form } = await openAddUser();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it("creates an engineer with location and lists: 'User created successfully'", async () => {
    const { user, form } = await openAddUser();
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Nia New');
    await user.type(form.getByRole('textbox', { name: /Email/ }), 'nia@example.com');
    await user.selectOptions(form.getByRole('combobox', { name: /Role/ }), 'ENGINEER');
    await user.type(form.getByRole('textbox', { name: /Location/ }), 'Leeds');
    await user.type(form.getByRole('textbox', { name: /Coverage Areas/ }), 'Leeds, York');
    await user.type(form.getByRole('textbox', { name: /Specializations/ }), 'S30');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Nia New' })).toBeInTheDocument();
  });

  it('offers practice fields only for a customer, engineer fields only for an engineer', async () => {
    const { user, form } = await openAddUser();
    expect(form.getByRole('textbox', { name: /Practice Name/ })).toBeInTheDocument();
    expect(form.queryByRole('textbox', { name: /Location/ })).toBeNull();
    await user.selectOptions(form.getByRole('combobox', { name: /Role/ }), 'ADMIN');
    expect(form.queryByRole('textbox', { name: /Practice Name/ })).toBeNull();
    expect(
      within(form.getByRole('combobox', { name: /Role/ }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Customer', 'Admin', 'Engineer']);
  });

  it("deletes after a confirmation: 'User deleted successfully'", async () => {
    const user = userEvent.setup();
    const session = await renderUsers();
    await screen.findByRole('article', { name: 'Riverside Dental' });
    await user.click(
      card('Riverside Dental').getByRole('button', { name: 'Delete Riverside Dental' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('Delete Riverside Dental? This cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([{ name: 'user.delete', args: { userId: CUSTOMER_ID } }]);
  });

  it('changes a role', async () => {
    const user = userEvent.setup();
    const session = await renderUsers();
    await screen.findByRole('article', { name: 'Alice Engineer' });
    await user.selectOptions(
      card('Alice Engineer').getByRole('combobox', { name: 'Role of Alice Engineer' }),
      'VENDOR',
    );
    expect(await screen.findByText('Role changed to Vendor')).toBeInTheDocument();
    expect((await session.db.users.get(ENGINEER_ID))?.role).toBe('VENDOR');
  });

  it("edits a user: 'Name is required', 'Please enter a valid email address', then 'User updated successfully'", async () => {
    const user = userEvent.setup();
    const session = await renderUsers();
    await screen.findByRole('article', { name: 'Riverside Dental' });
    await user.click(
      card('Riverside Dental').getByRole('button', { name: 'Edit Riverside Dental' }),
    );
    const form = within(await screen.findByRole('form', { name: 'Edit user' }));
    expect(form.getByRole('textbox', { name: /^Email/ })).toHaveValue('desk@riverside.example');
    await user.clear(form.getByRole('textbox', { name: /^Name/ }));
    await user.clear(form.getByRole('textbox', { name: /^Email/ }));
    await user.type(form.getByRole('textbox', { name: /^Email/ }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Riverside Dental Care');
    await user.clear(form.getByRole('textbox', { name: /^Email/ }));
    await user.type(form.getByRole('textbox', { name: /^Email/ }), 'Front@Riverside.example ');
    await user.type(form.getByRole('textbox', { name: /^Phone/ }), '0113 222');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(await session.db.users.get(CUSTOMER_ID)).toMatchObject({
      name: 'Riverside Dental Care',
      email: 'front@riverside.example',
      phone: '0113 222',
    });
    expect(await outbox(session)).toEqual([
      {
        name: 'user.update',
        args: {
          userId: CUSTOMER_ID,
          name: 'Riverside Dental Care',
          email: 'Front@Riverside.example',
          phone: '0113 222',
          address: '',
        },
      },
    ]);
  });

  it("refuses another user's e-mail in words", async () => {
    const user = userEvent.setup();
    await renderUsers();
    await screen.findByRole('article', { name: 'Riverside Dental' });
    await user.click(
      card('Riverside Dental').getByRole('button', { name: 'Edit Riverside Dental' }),
    );
    const form = within(await screen.findByRole('form', { name: 'Edit user' }));
    await user.clear(form.getByRole('textbox', { name: /^Email/ }));
    await user.type(form.getByRole('textbox', { name: /^Email/ }), 'alice@x.example');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('A user with this email already exists')).toBeInTheDocument();
  });
});
