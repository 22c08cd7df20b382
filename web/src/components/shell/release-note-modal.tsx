import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLastRelease, markReleaseSeen } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import type { ReleaseNote } from '../../api/types';
import { reportAndRethrow } from '../../notifications/use-notify';
import { formatDate } from '../../utils/format';

/** GET /api/release/last (shared by the start-up note and the About modal); null when unavailable. */
export function useLastRelease(enabled = true): ReleaseNote | null {
  const query = useQuery({
    queryKey: queryKeys.lastRelease,
    // No release yet answers an empty body: cached as null (a query cannot hold undefined).
    queryFn: () =>
      getLastRelease().then(
        (release): ReleaseNote | null => release ?? null,
        reportAndRethrow((error) => console.warn('Release note unavailable', error)),
      ),
    enabled,
  });
  return query.data ?? null;
}

/** Loads the last release note; answers it while the user has not seen it yet. */
export function useReleaseNote(): { startupNote: ReleaseNote | null; dismiss: () => void } {
  const release = useLastRelease();
  const client = useQueryClient();
  const [dismissed, setDismissed] = useState(false);
  const markSeen = useMutation({
    mutationFn: markReleaseSeen,
    onError: (error) => console.warn('Could not mark the release note as seen', error),
  });
  const note = release && !release.alreadySeen && !dismissed ? release : null;
  const dismiss = (): void => {
    if (note) {
      markSeen.mutate(note.version);
      // Seen from now on for this page too: a shell mounted again (its `dismissed` state new) must
      // not show the note a second time while the cached answer still says "not seen".
      const seen: ReleaseNote = { ...note, alreadySeen: true };
      client.setQueryData(queryKeys.lastRelease, seen);
    }
    setDismissed(true);
  };
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
