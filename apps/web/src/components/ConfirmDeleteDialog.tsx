import { ConfirmActionDialog, type ConfirmActionDialogProps } from './ConfirmActionDialog.tsx';

type ConfirmDeleteDialogProps = Omit<ConfirmActionDialogProps, 'open' | 'ids' | 'focusCancel'>;

/** Asks before deleting anything; mounted only while asking, and starting on the safe answer. */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  return (
    <ConfirmActionDialog
      {...props}
      ids={{ title: 'confirm-delete-title', body: 'confirm-delete-body' }}
      focusCancel
    />
  );
}
