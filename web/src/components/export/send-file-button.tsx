import { MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ftpQueryKeys, isFtpConfigurationValid, sendRunFile } from '../../api/file-transfer-api';
import { queryKeys } from '../../api/query-keys';
import type { Run } from '../../api/types';
import { useSession } from '../../auth/session-context';
import { useConfirm } from '../common/confirm';
import { positional } from '../../i18n/positional';
import { useNotify } from '../../notifications/use-notify';

/** SPEC 4: Send appears for a physician, an APPROVED run not yet sent, when the transfer is configured. */
export function canSendFile(
  run: Pick<Run, 'status' | 'ftpSent'>,
  isDoctor: boolean,
  configured: boolean,
): boolean {
  return isDoctor && configured && run.status === 'APPROVED' && run.ftpSent !== true;
}

/** The "send file" footer button of run interpretation: asks to confirm, then sends to the LIMS. */
export function SendFileButton({ run }: { run: Run }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const confirm = useConfirm();
  const client = useQueryClient();
  const { permissions } = useSession();
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
  if (!canSendFile(run, permissions.isDoctor, valid.data === true)) return null;
  return (
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
  );
}
