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
  const value = (text: string | null | undefined, testId: string) => (
    <span data-testid={testId}>{text ?? ''}</span>
  );
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }}
      bordered
      styles={{ label: { whiteSpace: 'nowrap' }, content: { wordBreak: 'break-word' } }}
      data-testid="run-information"
    >
      <Descriptions.Item label={t('runInfo.businessId')}>
        {value(run.businessId, 'run-business-id')}
      </Descriptions.Item>
      <Descriptions.Item label={t('runInfo.status')}>
        <RunStatusTag status={run.status} testId="run-status" />
      </Descriptions.Item>
      <Descriptions.Item label={t('runInfo.fileName')}>
        {value(run.fileName, 'run-file-name')}
      </Descriptions.Item>
      <Descriptions.Item label={t('runInfo.instrumentName')}>
        {value(run.instrumentName, 'run-instrument')}
      </Descriptions.Item>
      <Descriptions.Item label={t('runInfo.plateId')}>{value(run.plateId, 'run-plate-id')}</Descriptions.Item>
      <Descriptions.Item label={t('runInfo.created')}>
        {value(formatDateTime(run.created, i18n.language), 'run-created')}
      </Descriptions.Item>
      <Descriptions.Item label={t('runInfo.createdBy')}>
        {value(run.createdByName, 'run-created-by')}
      </Descriptions.Item>
      <Descriptions.Item label={t('runInfo.interpretationRunBy')}>
        {value(run.interpretationRunByName, 'run-interpretation-run-by')}
      </Descriptions.Item>
      <Descriptions.Item label={t('runInfo.submittedBy')}>
        {value(run.submittedByName, 'run-submitted-by')}
      </Descriptions.Item>
      <Descriptions.Item label={t('runInfo.approvedBy')}>
        {value(run.approvedBy, 'run-approved-by')}
      </Descriptions.Item>
      <Descriptions.Item label={t('runInfo.rejectedBy')}>
        {value(run.rejectedBy, 'run-rejected-by')}
      </Descriptions.Item>
      <Descriptions.Item label={t('runInfo.ftpSent')}>{value(ftpSent, 'run-ftp-sent')}</Descriptions.Item>
    </Descriptions>
  );
}
