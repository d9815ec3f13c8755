/** 'Start over' discards the draft installation, after a confirmation (it cannot be undone). */
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useState } from 'react';

export function StartOverButton({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} role="alertdialog">
      <Dialog.Trigger asChild>
        <Button variant="outline" colorPalette="red" size="lg">
          Start over
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Start this installation over?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              The selected chair, checklist ticks, customer details and signature are cleared.
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Keep working</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                onClick={() => {
                  setOpen(false);
                  onConfirm();
                }}
              >
                Discard and start over
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
