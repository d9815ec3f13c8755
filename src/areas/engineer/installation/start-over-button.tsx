/** 'Start over' discards the draft installation, after a confirmation (it cannot be undone). */
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';

export function StartOverButton({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" colorPalette="red" size="lg" onClick={() => setOpen(true)}>
        Start over
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
        title="Start this installation over?"
        message="The selected chair, checklist ticks, customer details and signature are cleared."
        confirmLabel="Discard and start over"
        cancelLabel="Keep working"
        destructive
      />
    </>
  );
}
