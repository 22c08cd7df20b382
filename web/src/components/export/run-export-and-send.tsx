import { ExportOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ftpQueryKeys, isFtpConfigurationValid, sendRunFile } from '../../api/file-transfer-api';
import { queryKeys } from '../../api/query-keys';
import type { Run } from '../../api/types';
import { useSession } from '../../auth/session-context';
import { useConfirm } from '../common/confirm';
import { positional } from '../../i18n/positional';
import { useNotify } from '../../notifications/use-notify';
import { ExportWindow } from './export-window';

type RunExportAndSendProps = {
  run: Run;
  /** Ids of the wells selected on the plate. */
  selectedWellIds: string[];
};

/** SPEC 4: Send appears for a physician, an APPROVED run not yet sent, when the transfer is configured. */
export function canSendFile(
  run: Pick<Run, 'status' | 'ftpSent'>,
  isDoctor: boolean,
  configured: boolean,
): boolean {
  return isDoctor && configured && run.status === 'APPROVED' && run.ftpSent !== true;
}

/** The Export and Send file footer buttons of run interpretation, and the export window they open. */
export function RunExportAndSend({ run, selectedWellIds }: RunExportAndSendProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const confirm = useConfirm();
  const client = useQueryClient();
  const { permissions } = useSession();
  const [exportOpen, setExportOpen] = useState(false);
  const valid = useQuery({
    queryKey: ftpQueryKeys.valid,
    queryFn: isFtpConfigurationValid,
    enabled: permissions.isDoctor,
  });
  const send = useMutation({
    mutationFn: () => sendRunFile(run.id),
    onSuccess: (result) => {
      client.setQueryData<Run>(queryKeys.run.detail(run.id), (current) =>
        current ? { ...current, ftpSent: result.ftpSent } : current,
      );
      void client.invalidateQueries({ queryKey: queryKeys.runList.all });
      if (result.ftpSent === true) notify.success(t('ftpSend.done'));
      else if (result.ftpSent === false)
        notify.error(
          t('ftp.sendErrorTitle'),
          new Error(t(result.message ?? 'ftp.sendErrorMessage', positional(result.params))),
        );
      else notify.info(t('ftpSend.pending'));
    },
    onError: (error) => notify.error(t('ftp.sendErrorTitle'), error),
  });
  const sendable = canSendFile(run, permissions.isDoctor, valid.data === true);

  return (
    <Flex vertical gap={12}>
      {run.ftpSent === false && (
        <Alert
          type="error"
          showIcon
          title={t('ftp.sendErrorTitle')}
          description={t('ftp.sendErrorMessage')}
          data-testid="ftp-send-failed"
        />
      )}
      <Card size="small">
        <Flex justify="end" gap={8} wrap>
          <Button
            icon={<ExportOutlined />}
            onClick={() => setExportOpen((open) => !open)}
            data-testid="run-export"
          >
            {t('exportWindow.open')}
          </Button>
          {sendable && (
            <Button
              icon={<MailOutlined />}
              loading={send.isPending}
              onClick={() =>
                void confirm({ title: t('ftpSend.confirmTitle'), content: t('ftpSend.confirmMessage') }).then(
                  (yes) => yes && send.mutate(),
                )
              }
              data-testid="run-send-file"
            >
              {t('ftpSend.button')}
            </Button>
          )}
        </Flex>
      </Card>
      {exportOpen && (
        <ExportWindow
          runId={run.id}
          businessId={run.businessId}
          plateId={run.plateId ?? null}
          selectedWellIds={selectedWellIds}
          onClose={() => setExportOpen(false)}
        />
      )}
    </Flex>
  );
}
