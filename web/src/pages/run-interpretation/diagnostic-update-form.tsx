import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Select, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRunDiagnostics, updateWellDiagnostic } from '../../api/runs-api';
import { queryKeys } from '../../api/query-keys';
import { NOTIFICATION_MS, useNotify } from '../../notifications/use-notify';
import { canChangeDiagnostic } from './review-rules';

type DiagnosticUpdateFormProps = {
  runId: string;
  selected: ReadonlySet<string>;
  /** Told when a diagnostic is chosen and not yet saved or cleared (the plate's selection is then held). */
  onEditingChange: (editing: boolean) => void;
};

/** SPEC 2 "update suggested result": one selected well, an offered diagnostic different from the current one. */
export function DiagnosticUpdateForm({ runId, selected, onEditingChange }: DiagnosticUpdateFormProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    onEditingChange(chosen !== null);
    // A form that goes away (the run no longer interpreted) no longer holds the plate's selection.
    return () => onEditingChange(false);
  }, [chosen, onEditingChange]);
  const diagnostics = useQuery({
    queryKey: [...queryKeys.run.results(runId), 'diagnostic'],
    queryFn: () => getRunDiagnostics(runId),
  });
  const [position] = selected.size === 1 ? [...selected] : [];
  const well = diagnostics.data?.wells.find((candidate) => candidate.position === position);
  const update = useMutation({
    mutationFn: (result: string) => updateWellDiagnostic(runId, well?.wellId ?? '', result),
    onSuccess: () => {
      setChosen(null);
      notify.success(t('runReview.diagnosticUpdated'), undefined, NOTIFICATION_MS.diagnosticSuccess);
      void client.invalidateQueries({ queryKey: queryKeys.run.results(runId) });
    },
    onError: (error) => notify.error(t('runReview.diagnosticNotUpdated'), error),
  });
  const allowed = canChangeDiagnostic(selected.size, diagnostics.data?.canUpdate ?? false, well, chosen);

  return (
    <Flex vertical gap={8} data-testid="diagnostic-update-form">
      <Typography.Text strong>{t('runReview.updateSuggestedResult')}</Typography.Text>
      {selected.size !== 1 ? (
        <Typography.Text type="secondary">{t('runReview.selectOneWell')}</Typography.Text>
      ) : (
        <>
          {well?.effective && (
            <Flex gap={8} align="center">
              <Typography.Text>{t('runReview.currentResult')}</Typography.Text>
              <Tag color={well.effective.color} style={{ color: 'rgba(0,0,0,0.85)' }}>
                {well.effective.label}
              </Tag>
              {well.requiresReview && !well.diagnostic && (
                <Tag color="orange" data-testid="requires-review">
                  {t('runReview.requiresReview')}
                </Tag>
              )}
            </Flex>
          )}
          {well?.diagnostic && (
            <Typography.Text type="secondary" data-testid="override-trail">
              {t('runReview.overrideTrail', {
                old: well.diagnostic.previousLabel ?? t('runReview.noResult'),
                new: well.diagnostic.result.label,
                person: well.diagnostic.technicianName,
              })}
            </Typography.Text>
          )}
          <Flex gap={8}>
            <Select<string>
              style={{ minWidth: 240 }}
              data-testid="diagnostic-select"
              placeholder={t('runReview.chooseDiagnostic')}
              disabled={!diagnostics.data?.canUpdate}
              value={chosen ?? undefined}
              allowClear
              onChange={(value?: string) => setChosen(value ?? null)}
              options={(well?.offered ?? []).map((option) => ({ value: option.id, label: option.label }))}
            />
            <Button
              type="primary"
              data-testid="diagnostic-save"
              disabled={!allowed}
              loading={update.isPending}
              onClick={() => chosen && update.mutate(chosen)}
            >
              {t('runReview.updateButton')}
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  );
}
