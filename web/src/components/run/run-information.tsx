import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Run } from '../../api/types';
import { formatDateTime } from '../../utils/format';
import { RunStatusTag } from './run-status-tag';

/** Information header of the run interpretation screen. */
export function RunInformation({ run }: { run: Run }) {
  const { t, i18n } = useTranslation();
  const ftpSent =
    run.ftpSent === null ? t('runInfo.ftpNotSent') : run.ftpSent ? t('runInfo.ftpOk') : t('runInfo.ftpKo');
  // Label key, value and data-testid of each plain line (the status line shows a tag).
  const lines: [label: string, text: string | null | undefined, testId: string][] = [
    ['runInfo.fileName', run.fileName, 'run-file-name'],
    ['runInfo.instrumentName', run.instrumentName, 'run-instrument'],
    ['runInfo.plateId', run.plateId, 'run-plate-id'],
    ['runInfo.created', formatDateTime(run.created, i18n.language), 'run-created'],
    ['runInfo.createdBy', run.createdByName, 'run-created-by'],
    ['runInfo.interpretationRunBy', run.interpretationRunByName, 'run-interpretation-run-by'],
    ['runInfo.submittedBy', run.submittedByName, 'run-submitted-by'],
    ['runInfo.approvedBy', run.approvedBy, 'run-approved-by'],
    ['runInfo.rejectedBy', run.rejectedBy, 'run-rejected-by'],
    ['runInfo.ftpSent', ftpSent, 'run-ftp-sent'],
  ];
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }}
      bordered
      styles={{ label: { whiteSpace: 'nowrap' }, content: { wordBreak: 'break-word' } }}
      data-testid="run-information"
    >
      <Descriptions.Item label={t('runInfo.businessId')}>
        <span data-testid="run-business-id">{run.businessId}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('runInfo.status')}>
        <RunStatusTag status={run.status} testId="run-status" />
      </Descriptions.Item>
      {lines.map(([label, text, testId]) => (
        <Descriptions.Item key={testId} label={t(label)}>
          <span data-testid={testId}>{text ?? ''}</span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
