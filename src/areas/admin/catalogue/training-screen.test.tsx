import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../../domain/paths';
import { trainingRow } from '../../../testing/rows';
import { outbox, renderAdmin } from '../test-fixtures';
import { TrainingScreen } from './training-screen';

const VIDEO = '60000000-0000-4000-8000-000000000001';

async function renderTraining() {
  return renderAdmin(<TrainingScreen />, {
    path: adminPaths.training,
    seed: (db) =>
      db.trainingResources.bulkPut([
        trainingRow({
          id: VIDEO,
          title: 'Installing the S30',
          type: 'VIDEO',
          url: 'https://v.example/1',
        }),
        trainingRow({
          title: 'How do I clean the spittoon?',
          type: 'FAQ',
          content: 'Use the rinse cycle.',
        }),
      ]),
  });
}

describe('Admin TrainingScreen', () => {
  it('lists and searches resources', async () => {
    const user = userEvent.setup();
    await renderTraining();
    await screen.findByRole('article', { name: 'Installing the S30' });
    await user.type(screen.getByRole('searchbox', { name: 'Search training resources' }), 'rinse');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'How do I clean the spittoon?',
    ]);
    await user.clear(screen.getByRole('searchbox', { name: 'Search training resources' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search training resources' }), 'zzz');
    expect(screen.getByText('No training resources found')).toBeInTheDocument();
  });

  it("adds an FAQ: 'Title is required', an FAQ needs its content, then added", async () => {
    const user = userEvent.setup();
    const session = await renderTraining();
    await screen.findByRole('article', { name: 'Installing the S30' });
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    const form = within(await screen.findByRole('form', { name: 'Training resource' }));
    await user.selectOptions(form.getByRole('combobox', { name: /Type/ }), 'FAQ');
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Resource' }),
    );
    expect(await form.findByText('Title is required')).toBeInTheDocument();
    expect(form.getByText('An FAQ needs its content or a link')).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: /Title/ }), 'Warranty length?');
    await user.type(form.getByRole('textbox', { name: /Content/ }), 'Five years.');
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Resource' }),
    );
    expect(await screen.findByText('Training resource added')).toBeInTheDocument();
    expect((await outbox(session))[0]).toMatchObject({
      name: 'training.add',
      args: { title: 'Warranty length?', type: 'FAQ', content: 'Five years.', url: null },
    });
  });

  it('edits a resource', async () => {
    const user = userEvent.setup();
    const session = await renderTraining();
    await screen.findByRole('article', { name: 'Installing the S30' });
    await user.click(screen.getByRole('button', { name: 'Edit Installing the S30' }));
    const title = within(await screen.findByRole('form', { name: 'Training resource' })).getByRole(
      'textbox',
      { name: /Title/ },
    );
    await user.clear(title);
    await user.type(title, 'Installing the S30 Sigma');
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Save Changes' }),
    );
    expect(await screen.findByText('Training resource updated')).toBeInTheDocument();
    expect((await session.db.trainingResources.get(VIDEO))?.title).toBe('Installing the S30 Sigma');
  });

  it("deletes after a confirmation: 'Training resource deleted'", async () => {
    const user = userEvent.setup();
    const session = await renderTraining();
    await screen.findByRole('article', { name: 'Installing the S30' });
    await user.click(screen.getByRole('button', { name: 'Delete Installing the S30' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Training resource deleted')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([
      { name: 'training.delete', args: { trainingId: VIDEO } },
    ]);
  });
});
