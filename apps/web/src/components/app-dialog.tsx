import { Modal, type ModalRootProps } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface AppDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalRootProps['size'];
  children: ReactNode;
}

/**
 * A modal dialog: titled (aria-labelledby), focus trapped, closed by Escape or its named close
 * button. Built from Modal's parts so its header is a plain element, not a second page banner.
 * Escape closes only the dialog it was pressed in: a calendar opened from a field of this dialog
 * is a dialog of its own above it, and Escape there closes the calendar, not the form with it
 * (every open Mantine modal would otherwise close on the same key press).
 * Most screens render a dialog only while it is open (`{editing && <Dialog opened … />}`): Mantine
 * hands the focus back only when `opened` turns false, never when the dialog unmounts, so the focus
 * would fall to the page's body. The dialog hands it back itself, to what had it when it opened.
 */
const nowhere = () => !document.activeElement || document.activeElement === document.body;

/**
 * The opener often goes with what the dialog acted on: an approved request, a deleted department
 * leaves the list when it is read again, a moment after the dialog closed. The focus then falls to
 * the page's body and a keyboard starts again from the top of the page; instead the page's content
 * (its main region) takes it, where the list was. Watched for a few seconds, until the focus moves.
 */
function keepFocusInContent(opener: HTMLElement, content: HTMLElement | null) {
  if (!content) return;
  const rescue = () => {
    if (!opener.isConnected && nowhere() && content.isConnected) content.focus({ preventScroll: true });
  };
  rescue();
  if (opener.isConnected && document.activeElement === opener) {
    const watch = new MutationObserver(() => {
      if (document.activeElement !== opener && !nowhere()) return watch.disconnect();
      if (!opener.isConnected) {
        rescue();
        watch.disconnect();
      }
    });
    watch.observe(document.body, { childList: true, subtree: true });
    setTimeout(() => watch.disconnect(), 5000);
  }
}

export function AppDialog({ opened, onClose, title, size, children }: AppDialogProps) {
  const { t } = useTranslation();
  const content = useRef<HTMLDivElement>(null);
  useWindowEvent(
    'keydown',
    (event) => {
      if (!opened || event.key !== 'Escape' || event.isComposing) return;
      const target = event.target as HTMLElement | null;
      // Pressed in another dialog (a calendar above this one): that one closes, this one stays.
      if (target?.closest?.('[role="dialog"]') && !content.current?.contains(target)) return;
      // An open dropdown (a select's list) takes its own Escape first.
      if (target?.getAttribute?.('data-mantine-stop-propagation') === 'true') return;
      onClose();
      // Captured, as Mantine's own modals do: before a dropdown's handler closes it and clears its flag.
    },
    { capture: true },
  );
  // Layout effect: the opener is read before the focus trap moves the focus inside (in a timeout).
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = document.activeElement;
    // Read now: once the opener has left the page it has no ancestors to ask.
    const content = opener instanceof HTMLElement ? opener.closest<HTMLElement>('main') : null;
    return () => {
      // After the unmount: only when the focus was left nowhere (a closing dialog kept mounted, or
      // a remount in development, still holds it, and Mantine or the dialog keeps it).
      setTimeout(() => {
        const now = document.activeElement;
        if (opener instanceof HTMLElement && opener.isConnected && (!now || now === document.body))
          opener.focus({ preventScroll: true });
        if (opener instanceof HTMLElement) keepFocusInContent(opener, content);
      }, 0);
    };
  }, [opened]);
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} trapFocus returnFocus closeOnEscape={false}>
      <Modal.Overlay />
      <Modal.Content ref={content}>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('admin:common.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
