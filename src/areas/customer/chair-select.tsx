/**
 * The customer's one chair picker (SPEC §5 Ticket: 'chosen from the customer's own chairs';
 * Service request: 'Please select a chair'): the chairs a ticket or a service request may name
 * (`useMyRequestableChairs`: the customer's chairs the server knows), each as 'serial - model'.
 * Required (Book Service) it starts at 'Select a chair'; optional (Create Ticket) at 'No specific
 * chair'. With no chair to offer it says 'No chairs registered'. The select mounts once the chairs
 * are read, so a chair chosen beforehand (Schedule Service on My Chairs) shows as chosen.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { SelectField } from '../../components/select-field';
import { LoadingState } from '../../components/loading-state';
import { useMyRequestableChairs } from '../../data/queries/customer';
import { chairLabel } from '../../domain/labels';

export const NO_CHAIRS = 'No chairs registered';

export function ChairSelect({
  registration,
  error,
  optional = false,
  autoFocus = false,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  optional?: boolean;
  /**
   * The dialog's first field: the select mounts once the chairs are read, after the dialog has
   * focused its first field then (Book a Service's date, whose picker would pop up on a phone).
   */
  autoFocus?: boolean;
}) {
  const chairs = useMyRequestableChairs();
  if (chairs === undefined) {
    return (
      <FormField label="Chair" required={!optional}>
        <LoadingState label="Loading chairs…" />
      </FormField>
    );
  }
  return (
    <SelectField
      label="Chair"
      required={!optional}
      error={error}
      helper={chairs.length === 0 ? NO_CHAIRS : optional ? 'Optional' : undefined}
      placeholder={optional ? 'No specific chair' : 'Select a chair'}
      options={chairs.map((chair) => ({ value: chair.id, label: chairLabel(chair) }))}
      registration={registration}
      autoFocus={autoFocus}
    />
  );
}
