/**
 * Step 4: the customer accepts the installation with their name, a typed signature and a
 * signature drawn on the tablet; notes are optional (SPEC §5 Installation acceptance).
 */
import { Input, Stack, Textarea } from '@chakra-ui/react';
import { FormField } from '../../../components/form-field';
import type { AcceptanceField, WizardState } from './wizard-state';
import { SignatureField } from './signature-box';

export function AcceptanceStep({
  state,
  errors,
  onChange,
  onBlur,
}: {
  state: WizardState;
  errors: Partial<Record<AcceptanceField, string>>;
  onChange: (patch: Partial<WizardState>) => void;
  onBlur: (field: AcceptanceField) => void;
}) {
  return (
    <Stack gap="5" maxW="3xl">
      <FormField label="Customer name" error={errors.customerName}>
        <Input
          aria-required
          size="lg"
          value={state.customerName}
          onChange={(event) => onChange({ customerName: event.target.value })}
          onBlur={() => onBlur('customerName')}
          autoComplete="off"
        />
      </FormField>
      <FormField
        label="Signature (typed)"
        helper="The customer types their full name as their signature."
        error={errors.signatureText}
      >
        <Input
          aria-required
          size="lg"
          value={state.signatureText}
          onChange={(event) => onChange({ signatureText: event.target.value })}
          onBlur={() => onBlur('signatureText')}
          autoComplete="off"
          fontStyle="italic"
        />
      </FormField>
      <SignatureField
        value={state.signatureImage}
        error={errors.signatureImage}
        onChange={(signatureImage) => {
          onChange({ signatureImage });
          onBlur('signatureImage');
        }}
      />
      <FormField label="Notes (optional)">
        <Textarea
          value={state.notes}
          onChange={(event) => onChange({ notes: event.target.value })}
          rows={3}
          placeholder="Anything the customer or the next engineer should know"
        />
      </FormField>
    </Stack>
  );
}
