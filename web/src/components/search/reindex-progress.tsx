import { Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchReindexProgressEvent } from '@amplio/domain';
import { useLiveEvent } from '../../live/live-context';
import { useNotify } from '../../notifications/use-notify';
import { reindexProgressView } from './reindex-progress-view';

/**
 * Under the Reindex data entry (super admins): the rebuild's progress as the server reports it
 * live (`search.reindex.progress`), then a notification when it ends (SPEC 8: the error too is
 * shown with the success style).
 */
export function ReindexProgress() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [running, setRunning] = useState<SearchReindexProgressEvent | null>(null);

  useLiveEvent('search.reindex.progress', (event) => {
    const view = reindexProgressView(event);
    if (!view.finished) return setRunning(event);
    setRunning(null);
    if (event.state === 'DONE')
      notify.success(t('reindex.doneTitle'), t('reindex.doneMessage', { total: event.total }));
    else notify.success(t('reindex.errorTitle'), t('reindex.errorMessage'));
  });

  if (!running) return null;
  const view = reindexProgressView(running);
  return (
    <div data-testid="reindex-progress" style={{ padding: '8px 16px' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('reindex.progress', { done: running.done, total: running.total })}
      </Typography.Text>
      <Progress percent={view.percent} status={view.status} size="small" />
    </div>
  );
}
