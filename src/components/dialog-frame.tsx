/**
 * The one modal frame: a title, a scrolling body, an optional footer and a close button. The
 * screen owns `open`; closing by Escape, the backdrop or the close button calls `onClose`.
 * Full screen on phones, `size` from md up. `finalFocusEl` sends focus elsewhere than back to the
 * opener when it closes (the Scan label dialog: to the serial field it filled).
 */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function DialogFrame({
  title,
  open,
  onClose,
  footer,
  size = 'xl',
  placement = 'top',
  finalFocusEl,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Buttons under the body (a dialog without a footer closes by its close button). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  placement?: 'top' | 'center';
  /** Where focus goes when it closes (default: the control that opened it). */
  finalFocusEl?: () => HTMLElement | null;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={{ mdDown: 'full', md: size }}
      placement={placement}
      scrollBehavior="inside"
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header pe="16">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">{children}</Dialog.Body>
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="lg" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
