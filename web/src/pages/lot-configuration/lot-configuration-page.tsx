import { Col, Row, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ConfigurationLot,
  configurationKeys,
  createLot,
  deleteLot,
  getLotsOfKit,
  updateLot,
} from '../../api/configuration-api';
import { useSession } from '../../auth/session-context';
import { useConfirm } from '../../components/common/confirm';
import { KitPicker } from '../../components/configuration/kit-picker';
import { LotEditCard, type LotFormValues } from '../../components/configuration/lot-edit-card';
import { LotList } from '../../components/configuration/lot-list';
import { useLotLiveRefresh } from '../../components/lots/use-lot-live-refresh';
import { useNotify } from '../../notifications/use-notify';
import { expirationToSend } from './lot-expiration';
import { useLoadErrorNotice } from '../../notifications/use-load-error';

/** /admin/configuration/lot (lot-configuration): the kit's lots, one edited at a time (SPEC 2). */
export function LotConfigurationPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const confirm = useConfirm();
  const notify = useNotify();
  const client = useQueryClient();
  useLotLiveRefresh();
  const [kitId, setKitId] = useState<string | null>(null);
  const [editing, setEditing] = useState<ConfigurationLot | 'new' | null>(null);
  const lots = useQuery({
    queryKey: configurationKeys.lotsOfKit(kitId ?? ''),
    queryFn: () => getLotsOfKit(kitId ?? '', permissions.isAdmin),
    enabled: kitId !== null,
  });
  useLoadErrorNotice(lots, t('lotConfiguration.lotsLoadError'));
  const refresh = () => client.invalidateQueries({ queryKey: configurationKeys.lots });
  const save = useMutation({
    mutationFn: async (values: LotFormValues) => {
      const body = {
        name: values.name.trim(),
        kitVersionId: values.kitVersionId,
        active: values.active,
        expirationDate: expirationToSend(
          values.expirationDate,
          editing === 'new' || editing === null ? undefined : editing.expirationDate,
        ),
      };
      if (editing === 'new' || editing === null) return createLot({ ...body, kitId: kitId ?? undefined });
      return updateLot(editing.id, { ...body, rowVersion: editing.rowVersion });
    },
    onSuccess: (lot) => {
      notify.success(t('lotConfiguration.saved', { lot: lot.name }));
      setEditing(lot);
      void refresh();
    },
    onError: (error) => notify.error(t('lotConfiguration.saveError'), error),
  });
  const remove = useMutation({
    mutationFn: (lot: ConfigurationLot) => deleteLot(lot),
    onSuccess: () => {
      setEditing(null);
      void refresh();
    },
    onError: (error) => notify.error(t('lotConfiguration.deleteError'), error),
  });
  const current = editing === 'new' ? null : editing;
  const onSave = async (values: LotFormValues) => {
    if (current) {
      if (
        !(await confirm({
          title: t('lotConfiguration.updateTitle'),
          content: t('lotConfiguration.updateQuestion', { lot: current.name }),
        }))
      )
        return;
    } else if (values.expirationDate && values.expirationDate.isBefore(dayjs())) {
      if (
        !(await confirm({
          title: t('lotConfiguration.pastTitle'),
          content: t('lotConfiguration.pastQuestion'),
        }))
      )
        return;
    }
    save.mutate(values);
  };
  const onDelete = async () => {
    if (!current) return;
    if (
      await confirm({
        title: t('lotConfiguration.deleteTitle'),
        content: t('lotConfiguration.deleteQuestion', { lot: current.name }),
      })
    )
      remove.mutate(current);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="lot-configuration-page">
      <KitPicker
        value={kitId}
        linkedToLots={!permissions.isAdmin}
        onChange={(id) => {
          setKitId(id);
          setEditing(null);
        }}
      />
      {kitId && (
        <Row gutter={16}>
          <Col span={10}>
            <LotList
              lots={lots.data ?? []}
              loading={lots.isLoading}
              selectedId={current?.id ?? null}
              onSelect={(lot) => setEditing(lot)}
              onAdd={permissions.isAdmin ? () => setEditing('new') : null}
            />
          </Col>
          <Col span={14}>
            {editing !== null && (
              <LotEditCard
                key={current?.id ?? 'new'}
                kitId={kitId}
                lot={current}
                saving={save.isPending}
                onSave={(values) => void onSave(values)}
                onDelete={() => void onDelete()}
                onCancel={() => setEditing(null)}
              />
            )}
          </Col>
        </Row>
      )}
    </Space>
  );
}
