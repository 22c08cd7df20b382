import { MailOutlined } from '@ant-design/icons';
import type { RunStatus } from '@amplio/domain';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<RunStatus, string> = {
  RUN_TO_INTERPRET: 'processing',
  WAIT_FOR_APPROVAL: 'gold',
  APPROVED: 'success',
  REJECTED: 'error',
};

type RunStatusTagProps = {
  status: RunStatus;
  /** Mail envelope when not null: sent (ok) or failed (ko). */
  ftpSent?: boolean | null;
  testId?: string;
};

/** The run status, translated, with the file-transfer envelope of SPEC 2 Run list. */
export function RunStatusTag({ status, ftpSent = null, testId }: RunStatusTagProps) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tag color={STATUS_COLOURS[status]} data-testid={testId} data-status={status}>
        {t(`runStatus.${status}`)}
      </Tag>
      {ftpSent !== null && (
        <Tooltip title={ftpSent ? t('runList.ftpSentOk') : t('runList.ftpSentKo')}>
          <MailOutlined
            style={{ color: ftpSent ? '#389e0d' : '#cf1322' }}
            data-testid={testId ? `${testId}-ftp` : undefined}
            aria-label={ftpSent ? t('runList.ftpSentOk') : t('runList.ftpSentKo')}
          />
        </Tooltip>
      )}
    </Space>
  );
}
