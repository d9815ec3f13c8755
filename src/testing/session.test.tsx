import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCurrentUser } from '../data/session-context';
import { useMirror, usePerform } from '../data/session-mirror';
import { createTestSession, SessionTestProviders } from './session';

const engineer = {
  id: '00000000-0000-4000-8000-0000000000e1',
  email: 'engineer@example.com',
  name: 'Eve Evans',
  role: 'ENGINEER' as const,
};

function Probe() {
  const user = useCurrentUser();
  const parts = useMirror((db) => db.parts.count(), [], -1);
  usePerform();
  return (
    <p>
      {user.name} sees {parts} parts
    </p>
  );
}

describe('createTestSession', () => {
  it('signs the user in over a seeded mirror that screens read live', async () => {
    const session = await createTestSession(engineer, (db) =>
      db.parts.put({
        id: crypto.randomUUID(),
        name: 'Foot pedal',
        partCode: 'FP-1',
        model: 'S30',
        diagramUrl: null,
        price: 40,
        stock: 3,
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-01T00:00:00.000Z',
        deletedAt: null,
      }),
    );
    render(
      <SessionTestProviders session={session} path="/dashboard/engineer">
        <Probe />
      </SessionTestProviders>,
    );
    expect(await screen.findByText('Eve Evans sees 1 parts')).toBeInTheDocument();
  });
});
