import { DeleteOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { deleteRun } from '../../api/runs-api';
import type { Run } from '../../api/types';
import { useSession } from '../../auth/session-context';
import { useNotify } from '../../notifications/use-notify';
import { canDeleteRun } from './review-rules';

/** The footer's delete-run button (SPEC 2, 4): asks to confirm, then goes to the run list. */
export function DeleteRunButton({ run }: { run: Pick<Run, 'id' | 'businessId' | 'status'> }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const notify = useNotify();
  const { permissions } = useSession();
  const remove = useMutation({
    mutationFn: () => deleteRun(run.id),
    onSuccess: () => {
      notify.success(t('runReview.deleted'));
      void navigate('/', { replace: true });
    },
    onError: (error) => notify.error(t('runReview.notDeleted'), error),
  });
  if (!canDeleteRun(run.status, permissions.isDoctor)) return null;
  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      data-testid="delete-run"
      loading={remove.isPending}
      onClick={() =>
        void modal.confirm({
          title: t('runReview.deleteTitle'),
          content: t('runReview.deleteMessage', { businessId: run.businessId }),
          okText: t('runReview.yes'),
          cancelText: t('runReview.no'),
          okButtonProps: { danger: true, 'data-testid': 'delete-run-confirm' },
          onOk: () => remove.mutateAsync().catch(() => undefined),
        })
      }
    >
      {t('runReview.deleteRun')}
    </Button>
  );
}
