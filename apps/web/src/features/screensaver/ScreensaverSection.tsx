import { useState } from 'react';
import type { Agent } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/error-text.ts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { useCompanyId } from '../../auth/session.ts';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { useNotify } from '../../components/notify.tsx';
import { DetailSection } from '../devices/DetailSection.tsx';
import { screensaverErrorText, screensaverMaxMb, screensaverProblem } from './screensaver-image.ts';
import { ScreensaverView } from './ScreensaverView.tsx';
import { useRemoveScreensaver, useScreensaverImage, useUploadScreensaver } from './use-screensaver.ts';

const noticeMs = 3000;

/**
 * "Display screensaver" of an agent with a display (device detail page): everyone who sees the
 * agent sees the image; those who manage agents upload and remove it.
 */
export function ScreensaverSection({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const user = useCurrentUser();
  const companyId = useCompanyId();
  const publicId = agent.routerDisplayScreensaver?.publicId ?? null;
  const image = useScreensaverImage(companyId, publicId);
  const upload = useUploadScreensaver(companyId, agent.publicId);
  const remove = useRemoveScreensaver();
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (!agent.hasDisplay) return null;

  const handleChoose = async (file: File) => {
    const refused = screensaverProblem(file);
    if (refused) {
      setProblem(t(`screensaver.problems.${refused}`, { maxMb: screensaverMaxMb }));
      return;
    }
    setProblem(null);
    setUploading({ name: file.name, progress: 0 });
    try {
      await upload.mutateAsync({
        file,
        onProgress: (progress) => setUploading({ name: file.name, progress }),
      });
      notify(t('screensaver.uploaded'), { durationMs: noticeMs });
    } catch (error) {
      setProblem(screensaverErrorText(error, t) ?? describeError(t, error));
    } finally {
      setUploading(null);
    }
  };

  const handleRemove = async () => {
    if (!publicId) return;
    setProblem(null);
    try {
      await remove.mutateAsync(publicId);
      notify(t('screensaver.removed'), { durationMs: noticeMs });
    } catch (error) {
      setProblem(describeError(t, error));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <DetailSection id="device-screensaver" title={t('screensaver.title')}>
      <ScreensaverView
        agentName={agent.name}
        imageUrl={image.url}
        hasImage={publicId !== null}
        imageFailed={image.isError}
        uploading={uploading}
        removing={remove.isPending}
        problem={problem}
        canManage={hasCapability(user, 'agents.manage')}
        onChoose={(file) => void handleChoose(file)}
        onRemove={() => setConfirming(true)}
      />
      {confirming && (
        <ConfirmDeleteDialog
          title={t('screensaver.confirmRemove.title')}
          body={t('screensaver.confirmRemove.body', { name: agent.name })}
          confirmLabel={t('screensaver.confirmRemove.confirm')}
          cancelLabel={t('screensaver.confirmRemove.cancel')}
          busy={remove.isPending}
          onConfirm={() => void handleRemove()}
          onClose={() => setConfirming(false)}
        />
      )}
    </DetailSection>
  );
}
