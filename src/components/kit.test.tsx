import { ChakraProvider, Input, defaultSystem } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { DialogFrame } from './dialog-frame';
import { FormField } from './form-field';
import { LoadingState } from './loading-state';
import { SearchField } from './search-field';
import {
  ChairStatusBadge,
  PartRequestStatusBadge,
  RoleBadge,
  ServiceRequestStatusBadge,
  StockBadge,
  TicketPriorityBadge,
  TicketStatusBadge,
} from './status-badges';

const show = (ui: ReactNode) => render(<ChakraProvider value={defaultSystem}>{ui}</ChakraProvider>);

describe('the kit', () => {
  it('announces loading as a busy status with its words', () => {
    show(<LoadingState label="Loading tickets…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading tickets…');
    // Busy: assistive technology waits, and the browser checks wait for it to go.
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
  });

  it('offers a search box by its accessible name', async () => {
    function Search() {
      const [value, setValue] = useState('');
      return <SearchField label="Search tickets" value={value} onChange={setValue} />;
    }
    show(<Search />);
    const box = screen.getByRole('searchbox', { name: 'Search tickets' });
    await userEvent.type(box, 'pump');
    expect(box).toHaveValue('pump');
  });

  it('labels a field and shows its error under it', () => {
    show(
      <FormField label="Full Name" required error="Name is required">
        <Input />
      </FormField>,
    );
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toBeInvalid();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
  });

  it('shows every status in words, never the raw code', () => {
    show(
      <>
        <TicketStatusBadge status="IN_PROGRESS" />
        <TicketPriorityBadge priority="URGENT" />
        <ServiceRequestStatusBadge status="PENDING" />
        <PartRequestStatusBadge status="FULFILLED" />
        <ChairStatusBadge status="DELIVERED" />
        <ChairStatusBadge status="DELIVERED" forInstallation />
        <StockBadge stock={0} />
        <StockBadge stock={10} />
        <StockBadge stock={11} />
        <RoleBadge role="VENDOR" />
      </>,
    );
    for (const label of [
      'In Progress',
      'Urgent priority',
      'Pending',
      'Fulfilled',
      'Delivered',
      'Pending Installation',
      'Out of Stock',
      'Low Stock',
      'In Stock',
      'Vendor',
    ]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.queryByText('PENDING')).toBeNull();
  });

  it('closes a dialog frame by its close button', async () => {
    const onClose = vi.fn();
    show(
      <DialogFrame title="Service History — S30-1" open onClose={onClose}>
        Timeline
      </DialogFrame>,
    );
    expect(await screen.findByRole('dialog', { name: 'Service History — S30-1' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('asks before a destructive action: confirm runs it, cancel does not', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    show(
      <ConfirmDialog
        open
        onCancel={onCancel}
        onConfirm={onConfirm}
        title="Delete user?"
        message="This cannot be undone."
        confirmLabel="Delete"
        destructive
      />,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed while the confirmed action is busy', async () => {
    const onCancel = vi.fn();
    show(
      <ConfirmDialog
        open
        busy
        onCancel={onCancel}
        onConfirm={() => undefined}
        title="Delete part?"
        message="The part leaves the catalogue."
        confirmLabel="Delete"
        destructive
      />,
    );
    await screen.findByRole('alertdialog');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
