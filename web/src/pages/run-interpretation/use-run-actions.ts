import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reinterpretRun, reviewRun, submitRun } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import type { ReviewStatus, Run } from '../../api/types';
import { useConfirm } from '../../components/common/confirm';
import { useNotify } from '../../notifications/use-notify';

export type RunActions = {
  /** True while one of the actions waits for the server. */
  busy: boolean;
  submit: () => void;
  reinterpret: () => void;
  review: (status: ReviewStatus) => void;
};

/** Submit, interpret again, approve and reject: each confirmed first, the answer put in the cache. */
export function useRunActions(runId: string): RunActions {
  const { t } = useTranslation();
  const notify = useNotify();
  const confirm = useConfirm();
  const client = useQueryClient();
  const runKey = queryKeys.run.detail(runId);

  /** A run action whose answer replaces the cached run. */
  const replacingRun = (action: (id: string) => Promise<Run>, done: () => void, errorTitle: string) => ({
    mutationFn: () => action(runId),
    onSuccess: (updated: Run) => {
      client.setQueryData(runKey, updated);
      done();
    },
    onError: (error: unknown) => notify.error(errorTitle, error),
  });
  const submit = useMutation(
    replacingRun(
      submitRun,
      () => notify.success(t('runInterpretation.submitSuccess')),
      t('errorStatusUpdate'),
    ),
  );
  const reinterpret = useMutation(
    replacingRun(
      reinterpretRun,
      () => notify.info(t('runInterpretation.reinterpretRequested')),
      t('runInterpretation.reinterpretError'),
    ),
  );
  const review = useMutation({
    mutationFn: (status: ReviewStatus) => reviewRun(runId, status),
    onSuccess: (updated, status) => {
      client.setQueryData<Run>(runKey, (current) =>
        current
          ? {
              ...current,
              status: updated.status,
              approvedBy: updated.approvedBy,
              rejectedBy: updated.rejectedBy,
              submittedByName: updated.submittedByName,
              ftpSent: updated.ftpSent,
            }
          : updated,
      );
      notify.success(
        status === 'APPROVED' ? t('runInterpretation.approveSuccess') : t('runInterpretation.rejectSuccess'),
      );
      if (updated.ftpSent === false) notify.error(t('ftp.sendErrorTitle'), t('ftp.sendErrorMessage'));
    },
    onError: (error) => notify.error(t('errorStatusUpdate'), error),
  });

  const afterYes = (title: string, content: string, action: () => void): void => {
    // SPEC 8: no action while the new interpretation is not yet saved (the server marks the run dirty).
    if (client.getQueryData<Run>(runKey)?.dirty) {
      notify.info(t('runReview.notYetSaved'));
      return;
    }
    void confirm({ title, content }).then((yes) => {
      if (yes) action();
    });
  };
  return {
    busy: submit.isPending || reinterpret.isPending || review.isPending,
    submit: () =>
      afterYes(t('runInterpretation.submitTitle'), t('runInterpretation.submitMessage'), () =>
        submit.mutate(),
      ),
    reinterpret: () =>
      afterYes(t('runInterpretation.reinterpretTitle'), t('runInterpretation.reinterpretMessage'), () =>
        reinterpret.mutate(),
      ),
    review: (status) =>
      status === 'APPROVED'
        ? afterYes(t('runInterpretation.approveTitle'), t('runInterpretation.approveMessage'), () =>
            review.mutate(status),
          )
        : afterYes(t('runInterpretation.rejectTitle'), t('runInterpretation.rejectMessage'), () =>
            review.mutate(status),
          ),
  };
}
