import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerPaths } from '../../domain/paths';
import { trainingRow } from '../../testing/rows';
import { renderCustomer } from './test-fixtures';
import { TrainingScreen } from './training-screen';

describe('TrainingScreen', () => {
  it('counts each tab and shows Watch, Open and View Content', async () => {
    const user = userEvent.setup();
    await renderCustomer(<TrainingScreen />, {
      path: customerPaths.training,
      seed: (db) =>
        db.trainingResources.bulkPut([
          trainingRow({ title: 'Start-up', type: 'VIDEO', url: 'https://example.com/v' }),
          trainingRow({ title: 'Manual', type: 'PDF', url: 'https://example.com/m.pdf' }),
          trainingRow({ title: 'Cleaning', type: 'FAQ', content: 'Wipe daily with a soft cloth.' }),
          trainingRow({ title: 'Gone', type: 'FAQ', deletedAt: '2026-01-01T00:00:00.000Z' }),
        ]),
    });
    expect(await screen.findByRole('tab', { name: 'Videos (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Documentation (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'FAQ (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch' })).toHaveAttribute(
      'href',
      'https://example.com/v',
    );
    expect(screen.getByText('Added Jan 10, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Documentation (1)' }));
    expect(await screen.findByRole('link', { name: 'Open' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'FAQ (1)' }));
    const faq = await screen.findByRole('article', { name: 'Cleaning' });
    expect(within(faq).getByText('Wipe daily with a soft cloth.')).toBeInTheDocument();
    await user.click(within(faq).getByRole('button', { name: 'View Content' }));
    expect(await screen.findByRole('dialog', { name: 'Cleaning' })).toBeInTheDocument();
  });

  it('has an empty state per tab', async () => {
    const user = userEvent.setup();
    await renderCustomer(<TrainingScreen />, { path: customerPaths.training });
    expect(await screen.findByText('No training videos')).toBeInTheDocument();
    expect(
      screen.getByText("Training videos will appear here when they're available."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Documentation (0)' }));
    expect(await screen.findByText('No documentation')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'FAQ (0)' }));
    expect(await screen.findByText('No FAQ available')).toBeInTheDocument();
  });
});
