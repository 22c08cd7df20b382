import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { deleteRun } from '../../api/runs-api';
import type { Run, WellInterpretation } from '../../api/types';
import { useSession } from '../../auth/session-context';
import { canUpdateRun } from '../../components/run/run-rights';
import { useNotify } from '../../notifications/use-notify';
import { DiagnosticUpdateForm } from './diagnostic-update-form';
import { canDeleteRun } from './review-rules';
import { RunCommentsCard } from './run-comments-card';

type RunReviewSectionProps = {
  run: Run;
  wells: readonly WellInterpretation[] | undefined;
  selected: ReadonlySet<string>;
  /** Before interpretation only the delete button is shown (a run that never got interpreted can go). */
  interpreted: boolean;
  onEditingDiagnostic: (editing: boolean) => void;
};

/** Diagnostic update form, run and well comments, and the delete-run button (SPEC 2, 4, 5). */
export function RunReviewSection({
  run,
  wells,
  selected,
  interpreted,
  onEditingDiagnostic,
}: RunReviewSectionProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const notify = useNotify();
  const { permissions } = useSession();
  const canUpdate = canUpdateRun(run.status, permissions.isDoctor);
  const selectedWells = new Map(
    (wells ?? []).filter((well) => selected.has(well.position)).map((well) => [well.position, well.id]),
  );
  const remove = useMutation({
    mutationFn: () => deleteRun(run.id),
    onSuccess: () => {
      notify.success(t('runReview.deleted'));
      void navigate('/', { replace: true });
    },
    onError: (error) => notify.error(t('runReview.notDeleted'), error),
  });

  return (
    <Row gutter={[16, 16]} data-testid="run-review-section">
      <Col xs={24} lg={10}>
        {interpreted && (
          <Card>
            <DiagnosticUpdateForm runId={run.id} selected={selected} onEditingChange={onEditingDiagnostic} />
          </Card>
        )}
        {canDeleteRun(run.status, permissions.isDoctor) && (
          <Button
            danger
            style={{ marginTop: 16 }}
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
        )}
      </Col>
      {interpreted && (
        <Col xs={24} lg={14}>
          <RunCommentsCard runId={run.id} canUpdate={canUpdate} selectedWells={selectedWells} />
        </Col>
      )}
    </Row>
  );
}
