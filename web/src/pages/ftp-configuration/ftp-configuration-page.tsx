import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-client';
import { type FtpConfiguration, ftpQueryKeys, getFtpConfiguration } from '../../api/file-transfer-api';
import { LoadingBlock } from '../../components/common/loading-block';
import { PageTitle } from '../../components/common/page-title';
import { reportAndRethrow, useNotify } from '../../notifications/use-notify';
import { FtpConfigurationForm } from './ftp-configuration-form';

/** /admin/configuration/ftp (configuration-ftp, SPEC 2 "FTP configuration"). */
export function FtpConfigurationPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  const query = useQuery({
    queryKey: ftpQueryKeys.configuration,
    retry: false,
    // 404: none yet (the not-configured message); anything else is "Unable to find".
    queryFn: (): Promise<FtpConfiguration | null> =>
      getFtpConfiguration().catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        return reportAndRethrow((failure) => notify.error(t('ftpConfiguration.loadError'), failure))(error);
      }),
  });

  if (query.isPending) return <LoadingBlock text={t('ftpConfiguration.loading')} testId="ftp-loading" />;
  const configuration = query.data ?? null;
  return (
    <Card data-testid="ftp-configuration-page">
      <PageTitle title={t('configuration.ftpTitle')} />
      {configuration === null && !adding ? (
        <Empty description={t('ftpConfiguration.notConfigured')} data-testid="ftp-not-configured">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="ftp-add"
          >
            {t('ftpConfiguration.add')}
          </Button>
        </Empty>
      ) : (
        <FtpConfigurationForm
          key={configuration?.id ?? 'new'}
          configuration={configuration}
          onCancelNew={() => setAdding(false)}
          onSaved={() => setAdding(false)}
        />
      )}
    </Card>
  );
}
