import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeError } from '../api/error-text.ts';
import { useNotify } from './notify.tsx';

type DeleteMutation = Pick<UseMutationResult<unknown, Error, string>, 'mutate' | 'isPending'>;

const noticeMs = 3000;

/**
 * The item waiting for a "really delete?" answer, and its deletion once confirmed. The dialog
 * stays open until the server answers, so a failure is reported while the user still sees what
 * it was about.
 */
export function useConfirmedDelete<T extends { publicId: string }>(
  remove: DeleteMutation,
  deletedText: string,
  /** How long a failure stays on screen, where a page shows all its failures longer. */
  failureMs = noticeMs,
) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [deleting, setDeleting] = useState<T | null>(null);

  const handleConfirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.publicId, {
      onSuccess: () => notify(deletedText, { durationMs: noticeMs }),
      onError: (error) => notify(describeError(t, error), { durationMs: failureMs }),
      onSettled: () => setDeleting(null),
    });
  };

  return {
    deleting,
    /** Opens the confirmation for this item. */
    ask: setDeleting,
    /** What the ConfirmDeleteDialog needs besides its texts. */
    dialog: { busy: remove.isPending, onConfirm: handleConfirm, onClose: () => setDeleting(null) },
  };
}
