import { App, Button, Card, Checkbox, Input, Select, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteLaboratory,
  getLaboratory,
  type Laboratory,
  laboratoryKeys,
  updateLaboratory,
} from '../../api/laboratories-api';
import { useSession } from '../../auth/session-context';
import { reportAndRethrow, useNotify } from '../../notifications/use-notify';
import { useConfirm } from '../common/confirm';
import { LaboratoryUsers } from './laboratory-users';
import { timeZoneOptions } from './time-zones';

type PlateOrder = Laboratory['plateOrder'];

/**
 * A laboratory: its name with Save and Delete (ADMIN only, SPEC 6), its kit-manufacturer flag
 * (shown to all, changed by super admins only), its preferences (time zone of exported dates, plate
 * order of the run data table; edited like the name, saved with Save) and its users.
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
  // The preferences being changed; null shows the stored ones.
  const [zone, setZone] = useState<string | null>(null);
  const timeZone = zone ?? laboratory.data?.timeZone;
  const [plate, setPlate] = useState<PlateOrder | null>(null);
  const plateOrder = plate ?? laboratory.data?.plateOrder;
  const nameChanged = name.trim() !== '' && name.trim() !== laboratory.data?.name;
  const flagChanged = flag !== null && flag !== laboratory.data?.kitManufacturer;
  const zoneChanged = zone !== null && zone !== laboratory.data?.timeZone;
  const plateChanged = plate !== null && plate !== laboratory.data?.plateOrder;
  const changed = nameChanged || flagChanged || zoneChanged || plateChanged;

  const save = useMutation({
    mutationFn: () =>
      updateLaboratory(props.laboratoryId, {
        ...(nameChanged ? { name: name.trim() } : {}),
        ...(flagChanged ? { kitManufacturer } : {}),
        ...(zoneChanged ? { timeZone: zone } : {}),
        ...(plateChanged ? { plateOrder: plate } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: laboratoryKeys.all });
      setEdited(null);
      setFlag(null);
      setZone(null);
      setPlate(null);
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
            disabled={!canEdit || !name.trim() || !changed}
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
        <Space wrap style={{ marginTop: 8, width: '100%' }}>
          <Space direction="vertical" size={2}>
            <Typography.Text type="secondary">{t('laboratories.timeZone')}</Typography.Text>
            <Select<string>
              showSearch
              aria-label={t('laboratories.timeZone')}
              style={{ minWidth: 260 }}
              value={timeZone}
              disabled={!canEdit}
              onChange={setZone}
              options={timeZoneOptions(laboratory.data?.timeZone).map((value) => ({ value, label: value }))}
              data-testid="laboratory-time-zone"
            />
          </Space>
          <Space direction="vertical" size={2}>
            <Typography.Text type="secondary">{t('laboratories.plateOrder')}</Typography.Text>
            <Select<PlateOrder>
              aria-label={t('laboratories.plateOrder')}
              style={{ minWidth: 260 }}
              value={plateOrder}
              disabled={!canEdit}
              onChange={setPlate}
              options={[
                { value: 'ROW', label: t('laboratories.plateOrderRow') },
                { value: 'COLUMN', label: t('laboratories.plateOrderColumn') },
              ]}
              data-testid="laboratory-plate-order"
            />
          </Space>
        </Space>
      </Card>
      <LaboratoryUsers laboratoryId={props.laboratoryId} />
    </Space>
  );
}
