// Issue 29 point 5: an e-mail already in use is refused on the mirror before anything is queued
// (the admin's mirror holds every live user), in SPEC's words, never 'User created successfully'
// followed a second later by the server's refusal.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { performMutation } from '../../../data/actions';
import { MutationRejected } from '../../../data/local-store';
import { adminPaths } from '../../../domain/paths';
import { CUSTOMER_ID, userRow } from '../../../testing/rows';
import { outbox, renderAdmin } from '../test-fixtures';
import { UsersScreen } from './users-screen';

async function renderUsers() {
  return renderAdmin(<UsersScreen />, {
    path: adminPaths.users,
    seed: (db) =>
      db.users.put(
        userRow({ id: CUSTOMER_ID, name: 'Riverside Dental', email: 'desk@riverside.example' }),
      ),
  });
}

describe('Add user with an e-mail in use', () => {
  it("says 'Failed to create user' and why, under the field, and queues nothing", async () => {
    const user = userEvent.setup();
    const session = await renderUsers();
    await screen.findByRole('article', { name: 'Riverside Dental' });
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const form = within(await screen.findByRole('form', { name: 'Add user' }));
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Riverside Again');
    await user.type(form.getByRole('textbox', { name: /Email/ }), ' Desk@Riverside.example ');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Failed to create user')).toBeInTheDocument();
    expect(form.getAllByText('A user with this email already exists').length).toBeGreaterThan(0);
    expect(screen.queryByText('User created successfully')).toBeNull();
    // The dialog stays open with the input, for the admin to correct the e-mail.
    expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Riverside Again');
    expect(await session.db.users.where('email').equals('desk@riverside.example').count()).toBe(1);
    expect(await outbox(session)).toEqual([]);
  });

  it('the local effect refuses it too, whoever calls it', async () => {
    const session = await renderUsers();
    await screen.findByRole('article', { name: 'Riverside Dental' });
    const error: unknown = await performMutation(session.db, session.user.id, 'user.create', {
      id: crypto.randomUUID(),
      name: 'Riverside Again',
      email: 'desk@riverside.example',
      role: 'CUSTOMER',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MutationRejected);
    expect((error as MutationRejected).message).toBe('A user with this email already exists');
    expect(await outbox(session)).toEqual([]);
  });
});
