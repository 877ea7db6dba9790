import { ConfirmActionDialog } from '../../components/ConfirmActionDialog.tsx';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Asks before something that cannot be undone. Kept mounted and opened with `open`, so it fades
 * out on closing; the roles and access-category screens use it the same way.
 */
export function ConfirmDialog({ text, busy = false, ...props }: ConfirmDialogProps) {
  return <ConfirmActionDialog {...props} body={text} busy={busy} />;
}
