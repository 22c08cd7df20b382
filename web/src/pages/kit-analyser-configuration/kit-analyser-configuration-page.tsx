import { Button, Card, Collapse, Descriptions, Select, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CQ_METHODS } from '@amplio/domain';
import {
  configurationKeys,
  getExpressionOperators,
  getExpressionVariables,
  getKitConfiguration,
  getKitStatuses,
  getNextKitConfiguration,
  type KitConfiguration,
  saveKitConfiguration,
} from '../../api/configuration-api';
import { useSession } from '../../auth/session-context';
import { ChannelThresholds } from '../../components/configuration/channel-thresholds';
import {
  pushColour,
  readColourHistory,
  writeColourHistory,
} from '../../components/configuration/colour-palette';
import { DiagnosticGroup, type GroupKind, groupOf } from '../../components/configuration/diagnostic-group';
import type { Diagnostic } from '../../components/configuration/diagnostic-row';
import { useNotify } from '../../notifications/use-notify';
import { useLoadErrorNotice } from '../../notifications/use-load-error';

const GROUPS: GroupKind[] = ['results', 'kitControls', 'laboratoryControls'];

/**
 * /admin/configuration/kit/analyser/{kitAnalyserId?} (also with kitId, versionId, analyserId):
 * thresholds per channel and the diagnostics of one kit version on one analyser (SPEC 2).
 */
export function KitAnalyserConfigurationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { kitAnalyserId } = useParams();
  const [search] = useSearchParams();
  const versionId = search.get('versionId');
  const analyserId = search.get('analyserId');
  const key = kitAnalyserId ?? `${versionId ?? ''}:${analyserId ?? ''}`;
  const loaded = useQuery({
    queryKey: configurationKeys.kitConfiguration(key),
    queryFn: () =>
      kitAnalyserId
        ? getKitConfiguration(kitAnalyserId)
        : getNextKitConfiguration(versionId ?? '', analyserId ?? ''),
    enabled: Boolean(kitAnalyserId ?? (versionId && analyserId)),
  });
  const statuses = useQuery({ queryKey: configurationKeys.statuses, queryFn: getKitStatuses });
  const variables = useQuery({ queryKey: configurationKeys.variables, queryFn: getExpressionVariables });
  const operators = useQuery({ queryKey: configurationKeys.operators, queryFn: getExpressionOperators });
  useLoadErrorNotice(statuses, t('kitAnalyser.statusesLoadError'));
  useLoadErrorNotice(variables, t('kitAnalyser.variablesLoadError'));
  useLoadErrorNotice(operators, t('kitAnalyser.operatorsLoadError'));
  // errorTitleParametersMissing (SPEC 8): nothing names the configuration to open.
  const named = Boolean(kitAnalyserId ?? (versionId && analyserId));
  useEffect(() => {
    if (named) return;
    notify.error(t('kitAnalyser.parametersMissingTitle'), new Error(t('kitAnalyser.parametersMissing')));
    void navigate('/admin/configuration/kit', { replace: true });
  }, [named, navigate, notify, t]);
  useEffect(() => {
    if (loaded.isError) {
      notify.error(t('kitAnalyser.loadError'), loaded.error);
      void navigate('/admin/configuration/kit');
    }
  }, [loaded.isError, loaded.error, navigate, notify, t]);
  if (!loaded.data) return <Card loading data-testid="kit-analyser-configuration-page" />;
  return (
    <KitAnalyserEditor
      key={`${key}:${loaded.dataUpdatedAt}`}
      initial={loaded.data}
      routeKey={key}
      routeHasId={Boolean(kitAnalyserId)}
      statuses={statuses.data ?? []}
      variables={variables.data ?? []}
      operators={operators.data ?? []}
    />
  );
}

/** The editor of one loaded configuration: Reset goes back to what was loaded. */
function KitAnalyserEditor(props: {
  initial: KitConfiguration;
  routeKey: string;
  routeHasId: boolean;
  statuses: string[];
  variables: string[];
  operators: string[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const { permissions } = useSession();
  const [draft, setDraft] = useState<KitConfiguration>(props.initial);
  const [status, setStatus] = useState<string | undefined>(props.initial.kitAnalyser.status);
  const [history, setHistory] = useState<string[]>(readColourHistory);
  const header = draft.kitAnalyser;
  const official = header.laboratoryId === null;
  const editor: 'admin' | 'doctor' = permissions.isAdmin ? 'admin' : 'doctor';
  const canEdit = Boolean(
    header &&
    !header.locked &&
    (official
      ? permissions.isManufacturerAdmin
      : (permissions.isAdmin || permissions.isDoctor) && header.sourceId),
  );
  const save = useMutation({
    mutationFn: (configuration: KitConfiguration) =>
      saveKitConfiguration(
        {
          kitAnalyserId: configuration.kitAnalyser.kitAnalyserId ?? undefined,
          configurationVersion: configuration.kitAnalyser.kitAnalyserId
            ? configuration.kitAnalyser.configurationVersion
            : undefined,
          kitVersionId: configuration.kitAnalyser.kitAnalyserId
            ? undefined
            : configuration.kitAnalyser.kitVersionId,
          analyserId: configuration.kitAnalyser.kitAnalyserId
            ? undefined
            : configuration.kitAnalyser.analyserId,
          status: permissions.isAdmin ? (status as 'ACTIVE' | undefined) : undefined,
          cqMethod: configuration.cqMethod,
          ratio: configuration.ratio,
          kitAnalyserChannels: configuration.kitAnalyserChannels,
          diagnostics: configuration.diagnostics,
        },
        editor,
      ),
    onSuccess: (saved) => {
      notify.success(t('kitAnalyser.saved'));
      setDraft(saved);
      client.setQueryData(
        configurationKeys.kitConfiguration(saved.kitAnalyser.kitAnalyserId ?? props.routeKey),
        saved,
      );
      void client.invalidateQueries({ queryKey: configurationKeys.versions });
      if (!props.routeHasId && saved.kitAnalyser.kitAnalyserId)
        void navigate(`/admin/configuration/kit/analyser/${saved.kitAnalyser.kitAnalyserId}`, {
          replace: true,
        });
    },
    onError: (error) => notify.error(t('kitAnalyser.saveError'), error),
  });
  const byGroup = (kind: GroupKind): Diagnostic[] => draft.diagnostics.filter((d) => groupOf(d) === kind);
  const setGroup = (kind: GroupKind, diagnostics: Diagnostic[]) =>
    setDraft({ ...draft, diagnostics: GROUPS.flatMap((g) => (g === kind ? diagnostics : byGroup(g))) });
  const doctorOnly = !permissions.isAdmin;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="kit-analyser-configuration-page">
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label={t('kitAnalyser.kit')}>{header.kitName}</Descriptions.Item>
        <Descriptions.Item label={t('kitAnalyser.version')}>{header.version}</Descriptions.Item>
        <Descriptions.Item label={t('kitAnalyser.analyser')}>{header.name}</Descriptions.Item>
        {permissions.isAdmin && (
          <Descriptions.Item label={t('kitAnalyser.laboratory')}>
            {header.laboratoryName ?? t('kitAnalyser.official')}
          </Descriptions.Item>
        )}
      </Descriptions>
      {permissions.isAdmin && (
        <Space>
          <Typography.Text>{t('kitAnalyser.status')}</Typography.Text>
          <Select
            style={{ width: 160 }}
            disabled={!canEdit}
            value={status}
            onChange={setStatus}
            options={props.statuses.map((value) => ({
              value,
              label: t(`kitAnalyser.statuses.${value}`),
            }))}
            data-testid="kit-status"
          />
        </Space>
      )}
      <Card size="small" title={t('kitAnalyser.thresholds')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space>
            <Typography.Text>{t('kitAnalyser.cqMethod')}</Typography.Text>
            <Select
              style={{ width: 320 }}
              disabled={!canEdit}
              value={draft.cqMethod}
              onChange={(cqMethod) => setDraft({ ...draft, cqMethod })}
              options={CQ_METHODS.map((value) => ({ value, label: t(`kitAnalyser.cqMethods.${value}`) }))}
              data-testid="kit-cq-method"
            />
          </Space>
          <ChannelThresholds
            channels={draft.kitAnalyserChannels}
            disabled={!canEdit}
            onChange={(channels) => setDraft({ ...draft, kitAnalyserChannels: channels })}
          />
        </Space>
      </Card>
      <Collapse
        defaultActiveKey={GROUPS}
        items={GROUPS.map((kind) => ({
          key: kind,
          label: t(`kitAnalyser.groups.${kind}`),
          children: (
            <DiagnosticGroup
              kind={kind}
              diagnostics={byGroup(kind)}
              variables={props.variables}
              operators={props.operators}
              history={history}
              usedColours={draft.diagnostics.map((d) => d.color ?? '')}
              editable={canEdit && !(doctorOnly && kind === 'kitControls')}
              extensible={!(doctorOnly && kind !== 'results')}
              onColourChosen={(colour) => {
                const next = pushColour(history, colour);
                setHistory(next);
                writeColourHistory(next);
              }}
              onChange={(diagnostics) => setGroup(kind, diagnostics)}
            />
          ),
        }))}
      />
      <Space>
        <Button onClick={() => void navigate('/admin/configuration/kit')} data-testid="kit-analyser-back">
          {t('kitAnalyser.back')}
        </Button>
        <Button
          disabled={!canEdit}
          onClick={() => {
            setDraft(props.initial);
            setStatus(props.initial.kitAnalyser.status);
          }}
          data-testid="kit-analyser-reset"
        >
          {t('kitAnalyser.reset')}
        </Button>
        <Button
          type="primary"
          disabled={!canEdit}
          loading={save.isPending}
          onClick={() => save.mutate(draft)}
          data-testid="kit-analyser-save"
        >
          {t('kitAnalyser.save')}
        </Button>
      </Space>
    </Space>
  );
}
