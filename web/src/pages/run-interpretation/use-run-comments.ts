import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  addRunComment,
  addWellsComment,
  getRunComments,
  type RunComment,
  updateRunComment,
} from '../../api/runs-api';
import { queryKeys } from '../../api/query-keys';
import { useLoadErrorNotice } from '../../notifications/use-load-error';
import { useNotify } from '../../notifications/use-notify';

/** The run's comments (run and well comments, one list) and the calls that add or edit one (SPEC 2, 5). */
export function useRunComments(runId: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const client = useQueryClient();
  const key = [...queryKeys.run.results(runId), 'comments'];
  const comments = useQuery({ queryKey: key, queryFn: () => getRunComments(runId) });
  useLoadErrorNotice(comments, t('runReview.commentsLoadError'));
  const store = (list: RunComment[]) => client.setQueryData(key, list);
  const onError = (error: unknown) => notify.error(t('runReview.commentError'), error);
  const addRun = useMutation({
    mutationFn: (value: string) => addRunComment(runId, value.trim()),
    onSuccess: store,
    onError,
  });
  const addWells = useMutation({
    mutationFn: ({ wellIds, value }: { wellIds: string[]; value: string }) =>
      addWellsComment(runId, wellIds, value.trim()),
    onSuccess: store,
    onError,
  });
  const edit = useMutation({
    mutationFn: ({ id, value }: { id: string; value: string }) => updateRunComment(runId, id, value.trim()),
    onSuccess: store,
    onError,
  });
  return { comments: comments.data ?? [], addRun, addWells, edit };
}
