/**
 * New Installation wizard (SPEC §2, §4 Installation wizard; design card: installations are
 * stored and synced): 1 Select Equipment, 2 Verify Equipment, 3 Installation Checklist,
 * 4 Customer Acceptance. Each step opens only when the one before is satisfied. The draft is
 * kept per user (src/data/installation-draft.ts) and guarded against update reloads; completion queues
 * installation.complete through the outbox, so it works without signal.
 */
import { Alert, Box, Button, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { ServiceReportButton } from '../../../components/service-report-button';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { hasDraftInput, useInstallationDraft } from '../../../data/installation-draft';
import { useInstallableChairs } from '../../../data/queries/equipment';
import { useServiceReportLoader } from '../../../data/service-report';
import { useCurrentUser } from '../../../data/session-context';
import { useAction } from '../../../data/use-action';
import { checklistItemIds } from '../../../domain/installation-checklist';
import { AcceptanceStep } from './acceptance-step';
import { ChecklistStep } from './checklist-step';
import { SelectEquipmentStep } from './select-equipment-step';
import { StartOverButton } from './start-over-button';
import { StepIndicator } from './step-indicator';
import { VerifyEquipmentStep } from './verify-equipment-step';
import { WorkPhotos } from '../work-photos';
import {
  acceptanceErrors,
  furthestStep,
  type AcceptanceField,
  type WizardStep,
} from './wizard-state';

export const SUCCESS_MESSAGE = 'Installation completed and logged successfully!';

export function InstallationScreen() {
  const user = useCurrentUser();
  const { run, busy: saving } = useAction();
  const chairs = useInstallableChairs();
  const { state, update, tick, reset } = useInstallationDraft(user.id);
  const [touched, setTouched] = useState<Set<AcceptanceField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [completed, setCompleted] = useState<{ id: string; serial: string } | null>(null);
  const loadReport = useServiceReportLoader();
  const dirty = hasDraftInput(state);
  useUnsavedInput(dirty);

  const selected = chairs?.find((item) => item.chair.id === state.chairId) ?? null;
  // While the mirror loads, trust the draft; once loaded, a chair installed elsewhere sends it back.
  const chairAvailable = chairs === undefined ? state.chairId !== null : selected !== null;
  const furthest = furthestStep(state, chairAvailable);
  const step = Math.min(state.step, furthest) as WizardStep;
  const allErrors = acceptanceErrors(state);
  const shownErrors = Object.fromEntries(
    Object.entries(allErrors).filter(
      ([field]) => attempted || touched.has(field as AcceptanceField),
    ),
  );

  const goTo = (next: WizardStep) => {
    update({ step: next });
    window.scrollTo?.({ top: 0 });
  };

  const startOver = () => {
    reset();
    setTouched(new Set());
    setAttempted(false);
  };

  const complete = async () => {
    setAttempted(true);
    if (!selected || Object.keys(allErrors).length > 0) return;
    // The success is the alert above step 1 (SPEC §8 alert), not a toast.
    const id = crypto.randomUUID();
    const done = await run(
      'installation.complete',
      {
        id,
        chairId: selected.chair.id,
        customerUserId: selected.chair.ownerUserId,
        checklist: Object.fromEntries(
          checklistItemIds().map((id) => [id, state.checklist[id] === true]),
        ),
        customerName: state.customerName,
        signatureText: state.signatureText,
        signatureImage: state.signatureImage ?? '',
        notes: state.notes.trim() || undefined,
      },
      { failure: 'The installation could not be saved. Please try again.' },
    );
    if (!done) return;
    startOver();
    setCompleted({ id, serial: selected.chair.serialNumber });
  };

  return (
    <Box pb="8">
      <ScreenHeading
        title="New Installation"
        intro="Install a chair, work through the checklist and get the customer's sign-off."
        actions={dirty ? <StartOverButton onConfirm={startOver} /> : undefined}
      />
      <StepIndicator current={step} />
      {completed && step === 1 ? (
        <Alert.Root status="success" mb="4" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{SUCCESS_MESSAGE}</Alert.Title>
            <Alert.Description>
              Chair {completed.serial} is logged on this tablet and syncs automatically when online.
            </Alert.Description>
          </Alert.Content>
          <ServiceReportButton
            label="Installation Report"
            load={() => loadReport({ installationId: completed.id })}
          />
        </Alert.Root>
      ) : null}
      {completed && step === 1 ? (
        <Box mb="4">
          <WorkPhotos
            work="installations"
            workId={completed.id}
            title={`Photos of the installation of ${completed.serial}`}
          />
        </Box>
      ) : null}
      <Box mb="6">
        {step === 1 ? (
          <SelectEquipmentStep
            chairs={chairs}
            selectedId={state.chairId}
            onSelect={(chairId) => {
              setCompleted(null);
              // The confirmation belongs to one chair: choosing another asks for it again.
              update(chairId === state.chairId ? {} : { chairId, confirmed: false });
            }}
          />
        ) : null}
        {step > 1 && !selected ? <LoadingState label="Loading equipment…" /> : null}
        {step === 2 && selected ? (
          <VerifyEquipmentStep
            item={selected}
            confirmed={state.confirmed}
            onConfirmedChange={(confirmed) => update({ confirmed })}
          />
        ) : null}
        {step === 3 ? <ChecklistStep ticks={state.checklist} onChange={tick} /> : null}
        {step === 4 ? (
          <AcceptanceStep
            state={state}
            errors={shownErrors}
            onChange={update}
            onBlur={(field) => setTouched((current) => new Set(current).add(field))}
          />
        ) : null}
      </Box>
      <HStack
        justify="space-between"
        gap="3"
        position="sticky"
        bottom="0"
        bg="bg.subtle"
        py="3"
        borderTopWidth="1px"
      >
        {step > 1 ? (
          <Button variant="outline" size="lg" onClick={() => goTo((step - 1) as WizardStep)}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Stack direction="row" gap="3">
          {step < 4 ? (
            <Button
              colorPalette="brand"
              size="lg"
              disabled={furthest <= step}
              onClick={() => goTo((step + 1) as WizardStep)}
            >
              Next
            </Button>
          ) : (
            <Button colorPalette="brand" size="lg" loading={saving} onClick={() => void complete()}>
              Complete Installation
            </Button>
          )}
        </Stack>
      </HStack>
    </Box>
  );
}
