import { DeleteOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Tooltip, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  configurationKeys,
  createKit,
  createLaboratoryVersion,
  createOfficialVersion,
  deleteKitVersion,
  getLaboratoryVersions,
  getLotsOfKit,
  getRecentOfficialVersion,
  type KitVersion,
  lockKitVersion,
} from '../../api/configuration-api';
import { useSession } from '../../auth/session-context';
import { useConfirm } from '../../components/common/confirm';
import { KitPicker } from '../../components/configuration/kit-picker';
import { KitVersionsTable } from '../../components/configuration/kit-versions-table';
import { NameModal } from '../../components/configuration/name-modal';
import { useLotLiveRefresh } from '../../components/lots/use-lot-live-refresh';
import { useNotify } from '../../notifications/use-notify';
import { useLoadErrorNotice } from '../../notifications/use-load-error';

type Dialog =
  | { kind: 'kit' }
  | { kind: 'official'; source: KitVersion | null }
  | { kind: 'laboratory'; source: KitVersion }
  | null;

/** /admin/configuration/kit (kit-configuration): kits, official and laboratory versions (SPEC 2, 4, 6). */
export function KitConfigurationPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const confirm = useConfirm();
  const notify = useNotify();
  const client = useQueryClient();
  useLotLiveRefresh();
  const [kitId, setKitId] = useState<string | null>(null);
  const [selected, setSelected] = useState<KitVersion | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const manufacturer = permissions.isManufacturerAdmin;
  const customiser = (permissions.isAdmin || permissions.isDoctor) && !manufacturer;
  const latest = useQuery({
    queryKey: configurationKeys.recentOfficial(kitId ?? ''),
    queryFn: () => getRecentOfficialVersion(kitId ?? ''),
    enabled: kitId !== null,
  });
  // The laboratory's latest version of the selected official one: when locked it can be copied (SPEC 4).
  const latestLaboratoryPage = {
    officialVersionId: selected?.id ?? '',
    page: 0,
    size: 1,
    sort: 'createdDate,desc',
  };
  const latestLaboratory = useQuery({
    queryKey: configurationKeys.laboratoryVersions(latestLaboratoryPage),
    queryFn: () => getLaboratoryVersions(latestLaboratoryPage),
    enabled: selected !== null && customiser,
  });
  const lots = useQuery({
    queryKey: configurationKeys.lotsOfKit(kitId ?? ''),
    queryFn: () => getLotsOfKit(kitId ?? '', permissions.isAdmin),
    enabled: kitId !== null,
  });
  useLoadErrorNotice(lots, t('lotConfiguration.lotsLoadError'));
  const refresh = () => client.invalidateQueries({ queryKey: configurationKeys.all });
  const run = useMutation({
    mutationFn: async (action: () => Promise<unknown>) => action(),
    onSuccess: () => {
      setDialog(null);
      void refresh();
    },
    onError: (error) => notify.error(t('kitConfiguration.saveError'), error),
  });
  // Adding a kit has its own error title (SPEC 8: KitDropdownAddKitErrorTitle).
  const addKit = useMutation({
    mutationFn: (values: { name: string; reference: string }) =>
      createKit({ name: values.name.trim(), reference: values.reference.trim() }),
    onSuccess: async (kit) => {
      setDialog(null);
      await client.invalidateQueries({ queryKey: configurationKeys.all });
      setKitId(kit.id);
    },
    onError: (error) => notify.error(t('kitConfiguration.addKitError'), error),
  });
  const latestVersion = latest.data ?? null;
  const latestLaboratoryVersion = latestLaboratory.data?.content[0] ?? null;
  const canAddOfficial = manufacturer && kitId !== null && (!latestVersion || latestVersion.locked);
  const lockButton = (version: KitVersion) =>
    !version.locked && (
      <Tooltip title={t('kitConfiguration.lock')}>
        <Button
          size="small"
          icon={<LockOutlined />}
          data-testid={`lock-${version.version}`}
          onClick={() => {
            void (async () => {
              if (
                await confirm({
                  title: t('kitConfiguration.lockTitle'),
                  content: t('kitConfiguration.lockQuestion', { version: version.version }),
                })
              )
                run.mutate(() => lockKitVersion(version));
            })();
          }}
        />
      </Tooltip>
    );
  const deleteButton = (version: KitVersion) =>
    !version.locked && (
      <Tooltip title={t('kitConfiguration.delete')}>
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          data-testid={`delete-${version.version}`}
          onClick={() => {
            void (async () => {
              if (
                await confirm({
                  title: t('kitConfiguration.deleteTitle'),
                  content: t('kitConfiguration.deleteQuestion', { version: version.version }),
                })
              )
                run.mutate(() => deleteKitVersion(version));
            })();
          }}
        />
      </Tooltip>
    );
  /** Copy of a locked version that is the latest of its table (official: a new official version; laboratory: a new laboratory version). */
  const copyButton = (version: KitVersion, latestId: string | undefined, kind: 'official' | 'laboratory') =>
    version.locked &&
    latestId === version.id && (
      <Button
        size="small"
        data-testid={`copy-${version.version}`}
        onClick={() => setDialog({ kind, source: version })}
      >
        {t('kitConfiguration.copy')}
      </Button>
    );
  const officialActions = manufacturer
    ? (version: KitVersion) => (
        <Space>
          {lockButton(version)}
          {deleteButton(version)}
          {copyButton(version, latestVersion?.id, 'official')}
        </Space>
      )
    : null;
  const customise = selected && selected.locked && selected.lots.length > 0 && customiser;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="kit-configuration-page">
      <Space>
        <KitPicker
          value={kitId}
          linkedToLots={!permissions.isAdmin}
          onChange={(id) => {
            setKitId(id);
            setSelected(null);
          }}
        />
        {manufacturer && (
          <Button icon={<PlusOutlined />} data-testid="add-kit" onClick={() => setDialog({ kind: 'kit' })}>
            {t('kitConfiguration.addKit')}
          </Button>
        )}
        {canAddOfficial && (
          <Button
            type="primary"
            data-testid="add-official-version"
            onClick={() => setDialog({ kind: 'official', source: null })}
          >
            {t('kitConfiguration.addOfficialVersion')}
          </Button>
        )}
      </Space>
      {kitId && (
        <>
          <Typography.Title level={5}>{t('kitConfiguration.officialVersions')}</Typography.Title>
          <KitVersionsTable
            kind="official"
            base={{ kitId }}
            lots={lots.data ?? []}
            selectedId={selected?.id ?? null}
            onSelect={setSelected}
            showLaboratoryName={false}
            canAddAnalyser={manufacturer}
            actions={officialActions}
          />
        </>
      )}
      {/* SPEC 2: the laboratory versions, for admins and for doctors who customise (not a manufacturer's). */}
      {selected && (permissions.isAdmin || customiser) && (
        <>
          <Space>
            <Typography.Title level={5}>
              {t('kitConfiguration.laboratoryVersions', { version: selected.version })}
            </Typography.Title>
            {customise && (
              <Button
                data-testid="customise"
                onClick={() => setDialog({ kind: 'laboratory', source: selected })}
              >
                {t('kitConfiguration.customise')}
              </Button>
            )}
          </Space>
          <KitVersionsTable
            kind="laboratory"
            base={{ officialVersionId: selected.id }}
            lots={[]}
            showLaboratoryName={permissions.isAdmin}
            canAddAnalyser={false}
            actions={
              customiser
                ? (version) => (
                    <Space>
                      {lockButton(version)}
                      {deleteButton(version)}
                      {copyButton(version, latestLaboratoryVersion?.id, 'laboratory')}
                    </Space>
                  )
                : null
            }
            empty={<Empty description={t('kitConfiguration.noLaboratoryVersion')} />}
          />
        </>
      )}
      <NameModal
        open={dialog?.kind === 'kit'}
        title={t('kitConfiguration.newKit')}
        saving={addKit.isPending}
        fields={[
          { name: 'name', label: t('kitConfiguration.kitName'), testId: 'new-kit-name' },
          { name: 'reference', label: t('kitConfiguration.kitReference'), testId: 'new-kit-reference' },
        ]}
        onCancel={() => setDialog(null)}
        onSubmit={(values) => addKit.mutate({ name: values.name, reference: values.reference })}
      />
      <NameModal
        open={dialog?.kind === 'official' || dialog?.kind === 'laboratory'}
        title={t('kitConfiguration.newVersion')}
        saving={run.isPending}
        fields={[{ name: 'version', label: t('kitConfiguration.version'), testId: 'new-version-name' }]}
        onCancel={() => setDialog(null)}
        onSubmit={({ version }) =>
          run.mutate(() =>
            dialog?.kind === 'laboratory'
              ? createLaboratoryVersion({ sourceId: dialog.source.id, version: version.trim() })
              : createOfficialVersion({
                  kitId: kitId ?? '',
                  version: version.trim(),
                  sourceId: dialog?.kind === 'official' ? dialog.source?.id : undefined,
                }),
          )
        }
      />
    </Space>
  );
}
