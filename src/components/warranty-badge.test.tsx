import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CustomerWarrantyBadge } from './warranty-badge';

const activatedAt = '2020-06-01T00:00:00.000Z';
const expiry = new Date('2025-06-01T00:00:00.000Z').getTime();
const daysBeforeExpiry = (days: number) => new Date(expiry - days * 86_400_000);

function show(confirmed: boolean, now: Date) {
  render(
    <ChakraProvider value={defaultSystem}>
      <CustomerWarrantyBadge warranty={{ activatedAt, confirmed, warrantyYears: 5 }} now={now} />
    </ChakraProvider>,
  );
}

describe('CustomerWarrantyBadge', () => {
  it.each([
    [false, 400, 'Pending'],
    [true, 91, 'Active'],
    [true, 90, 'Expiring Soon'],
    [true, 0, 'Expired'],
  ])('confirmed %s with %i days left reads %s', (confirmed, days, label) => {
    show(confirmed, daysBeforeExpiry(days));
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('reads Pending without a warranty at all', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <CustomerWarrantyBadge warranty={null} now={new Date()} />
      </ChakraProvider>,
    );
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });
});
