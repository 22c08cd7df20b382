import { App, Button, Card, Checkbox, Input, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteLaboratory,
  getLaboratory,
  laboratoryKeys,
  updateLaboratory,
} from '../../api/laboratories-api';
import { useSession } from '../../auth/session-context';
import { reportAndRethrow, useNotify } from '../../notifications/use-notify';
import { useConfirm } from '../common/confirm';
import { LaboratoryUsers } from './laboratory-users';

/**
 * A laboratory: its name with Save and Delete (ADMIN only, SPEC 6), its kit-manufacturer flag
 * (shown to all, changed by super admins only) and its users.
 */
export function LaboratoryDetail(props: { laboratoryId: string; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const canEdit = permissions.isAdmin || permissions.canManageAllLaboratories;
  const laboratory = useQuery({
    queryKey: laboratoryKeys.detail(props.laboratoryId),
    queryFn: () =>
      getLaboratory(props.laboratoryId).catch(
        reportAndRethrow((error) => notify.error(t('laboratories.notLoaded'), error, { inList: true })),
      ),
  });
  // The name being typed; null shows the stored name.
  const [edited, setEdited] = useState<string | null>(null);
  const name = edited ?? laboratory.data?.name ?? '';
  // The kit-manufacturer flag being changed (super admins); null shows the stored one.
  const [flag, setFlag] = useState<boolean | null>(null);
  const kitManufacturer = flag ?? laboratory.data?.kitManufacturer ?? false;
  const nameChanged = name.trim() !== '' && name.trim() !== laboratory.data?.name;
  const flagChanged = flag !== null && flag !== laboratory.data?.kitManufacturer;

  const save = useMutation({
    mutationFn: () =>
      updateLaboratory(props.laboratoryId, {
        ...(nameChanged ? { name: name.trim() } : {}),
        ...(flagChanged ? { kitManufacturer } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: laboratoryKeys.all });
      setEdited(null);
      setFlag(null);
      notify.success(t('laboratories.saved'));
    },
    onError: (error) => notify.error(t('laboratories.notSaved'), error),
  });
  const remove = useMutation({
    mutationFn: () => deleteLaboratory(props.laboratoryId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: laboratoryKeys.all });
      notify.success(t('laboratories.deleted'));
      props.onDeleted?.();
    },
    onError: (error) => notify.error(t('laboratories.notDeleted'), error),
  });

  const onDelete = async () => {
    // SPEC 5: a laboratory with users cannot be deleted; an information modal says so.
    if ((laboratory.data?.userCount ?? 0) > 0) {
      modal.info({ title: t('laboratories.cannotDeleteTitle'), content: t('laboratories.cannotDeleteText') });
      return;
    }
    const yes = await confirm({
      title: t('laboratories.deleteTitle'),
      content: t('laboratories.deleteText', { name: laboratory.data?.name ?? '' }),
    });
    if (yes) remove.mutate();
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="laboratory-detail">
      <Card size="small" title={t('laboratories.laboratory')} loading={laboratory.isLoading}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={t('laboratories.name')}
            value={name}
            disabled={!canEdit}
            maxLength={100}
            onChange={(event) => setEdited(event.target.value)}
            data-testid="laboratory-name"
          />
          <Button
            type="primary"
            disabled={!canEdit || !name.trim() || (!nameChanged && !flagChanged)}
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="laboratory-save"
          >
            {t('laboratories.save')}
          </Button>
          <Button
            danger
            disabled={!permissions.canManageAllLaboratories}
            loading={remove.isPending}
            onClick={() => void onDelete()}
            data-testid="laboratory-delete"
          >
            {t('laboratories.delete')}
          </Button>
        </Space.Compact>
        <Checkbox
          checked={kitManufacturer}
          disabled={!permissions.isSuperAdmin}
          onChange={(event) => setFlag(event.target.checked)}
          style={{ marginTop: 8 }}
          data-testid="laboratory-kit-manufacturer"
        >
          {t('laboratories.kitManufacturer')}
        </Checkbox>
      </Card>
      <LaboratoryUsers laboratoryId={props.laboratoryId} />
    </Space>
  );
}
