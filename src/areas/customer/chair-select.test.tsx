import { screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { provisionalChairId } from '../../domain/chairs';
import { customerPaths } from '../../domain/paths';
import { chairRow } from '../../testing/rows';
import { ChairSelect } from './chair-select';
import { myChair, renderCustomer } from './test-fixtures';

const CHAIR_ID = '20000000-0000-4000-8000-0000000000c7';

function Picker({ optional, error }: { optional?: boolean; error?: string }) {
  const { register } = useForm<{ chairId: string }>({ defaultValues: { chairId: '' } });
  return (
    <form aria-label="Pick">
      <ChairSelect optional={optional} error={error} registration={register('chairId')} />
    </form>
  );
}

const options = () =>
  within(screen.getByRole('combobox', { name: /Chair/ }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('ChairSelect', () => {
  it('offers the customer’s chairs the server knows, as serial - model, after Select a chair', async () => {
    await renderCustomer(<Picker error="Please select a chair" />, {
      path: customerPaths.service,
      seed: (db) =>
        db.chairs.bulkPut([
          myChair({ id: CHAIR_ID, serialNumber: 'S30-0700', model: 'S30', modelName: null }),
          myChair({ id: provisionalChairId('S30-NEW'), serialNumber: 'S30-NEW' }),
          chairRow({ serialNumber: 'U500-OTHER', ownerUserId: null, status: 'IN_STOCK' }),
        ]),
    });
    await screen.findByRole('combobox', { name: /Chair/ });
    expect(options()).toEqual(['Select a chair', 'S30-0700 - S30 Sigma']);
    expect(screen.getByText('Please select a chair')).toBeInTheDocument();
    expect(screen.queryByText('No chairs registered')).toBeNull();
  });

  it('starts at No specific chair, marked optional, when the chair may be left out', async () => {
    await renderCustomer(<Picker optional />, {
      path: customerPaths.support,
      seed: (db) => db.chairs.put(myChair({ id: CHAIR_ID, serialNumber: 'S30-0700' })),
    });
    await screen.findByRole('combobox', { name: /Chair/ });
    expect(options()[0]).toBe('No specific chair');
    expect(options()).toHaveLength(2);
    expect(screen.getByText('Optional')).toBeInTheDocument();
  });

  it('says No chairs registered when the customer has none to offer', async () => {
    await renderCustomer(<Picker />, {
      path: customerPaths.service,
      seed: (db) =>
        db.chairs.put(myChair({ id: provisionalChairId('S30-NEW'), serialNumber: 'S30-NEW' })),
    });
    expect(await screen.findByText('No chairs registered')).toBeInTheDocument();
    expect(options()).toEqual(['Select a chair']);
  });
});
