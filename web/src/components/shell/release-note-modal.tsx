import { Button, Modal, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLastRelease, markReleaseSeen } from '../../api/endpoints';
import type { ReleaseNote } from '../../api/types';
import { formatDate } from '../../utils/format';

/** Loads the last release note; answers it while the user has not seen it yet. */
export function useReleaseNote(): { startupNote: ReleaseNote | null; dismiss: () => void } {
  const [note, setNote] = useState<ReleaseNote | null>(null);
  useEffect(() => {
    let cancelled = false;
    getLastRelease()
      .then((release) => {
        if (!cancelled && release && !release.alreadySeen) setNote(release);
      })
      .catch((error: unknown) => console.warn('Release note unavailable', error));
    return () => {
      cancelled = true;
    };
  }, []);
  const dismiss = useCallback(() => {
    if (note) {
      markReleaseSeen(note.version).catch((error: unknown) =>
        console.warn('Could not mark the release note as seen', error),
      );
    }
    setNote(null);
  }, [note]);
  return { startupNote: note, dismiss };
}

/** The release note of one version (shown at start when not yet seen, or from the About modal). */
export function ReleaseNoteModal({ release, onClose }: { release: ReleaseNote | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      open={release !== null}
      title={release ? t('release.title', { version: release.version }) : ''}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="release-note-close">
          {t('common.close')}
        </Button>
      }
      data-testid="release-note-modal"
    >
      {release && (
        <>
          <Typography.Text type="secondary">{formatDate(release.date, i18n.language)}</Typography.Text>
          <Typography.Paragraph
            style={{ whiteSpace: 'pre-wrap', marginTop: 12 }}
            data-testid="release-note-text"
          >
            {release.note}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
