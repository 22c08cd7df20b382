import { allPositions, type SampleType } from '@amplio/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Space, Steps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { applyPlatePlan, createRun, getLots, getRun } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import type { Lot, Run, RunWell } from '../../api/types';
import { useConfirm } from '../../components/common/confirm';
import { LoadingBlock } from '../../components/common/loading-block';
import { PageTitle } from '../../components/common/page-title';
import {
  isPlatePlanChosen,
  isPlatePlanIncomplete,
  platePlanWellsFrom,
  type PlatePlanChoice,
} from '../../components/run/plate-plan-picker';
import { reportAndRethrow, useNotify } from '../../notifications/use-notify';
import { formatDate } from '../../utils/format';
import { isLotExpired, usableLots } from '../../view-models/lot-view-model';
import { initialRunMetadata, wellSetupOf, type RunMetadata } from '../../view-models/run-view-model';
import { RunMetadataPanel } from './run-metadata-panel';
import { WellConfigurationPanel } from './well-configuration-panel';

/** Run creation (/run/configuration?id=…): step 1 run metadata, step 2 well metadata. */
export function RunCreationPage() {
  const [params] = useSearchParams();
  const runId = params.get('id');
  return <RunCreationLoader key={runId ?? ''} runId={runId} />;
}

/** Loads the run and the lots; a run that cannot be read sends the user back to the run list. */
function RunCreationLoader({ runId }: { runId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const location = useLocation();
  const [plannedWells] = useState(() => platePlanWellsFrom(location.state));
  const leave = (error: unknown): void => {
    notify.error(t('errorCannotAccessRunPage'), error);
    void navigate('/', { replace: true });
  };
  const runQuery = useQuery({
    queryKey: queryKeys.run.detail(runId ?? ''),
    queryFn: () =>
      (runId ? getRun(runId) : Promise.reject(new ApiError(404, { message: 'errorRunNotFound' }))).catch(
        reportAndRethrow(leave),
      ),
  });
  const lotsQuery = useQuery({
    queryKey: queryKeys.lots,
    queryFn: () =>
      getLots().catch(reportAndRethrow((error) => notify.error(t('runCreation.lotsLoadError'), error))),
  });
  const lots = lotsQuery.isError ? [] : lotsQuery.data;
  if (!runQuery.data || !lots)
    return <LoadingBlock text={t('runCreation.loading')} testId="run-creation-loading" />;
  return <RunCreation run={runQuery.data} lots={usableLots(lots)} plannedWells={plannedWells} />;
}

type RunCreationProps = { run: Run; lots: Lot[]; plannedWells: Record<string, RunWell> | null };

function RunCreation({ run, lots, plannedWells }: RunCreationProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [form] = Form.useForm<RunMetadata>();
  // The run's own sample types, then those of a plate plan chosen at the import step.
  const [initial] = useState(() => {
    const planned = plannedWells ? wellSetupOf(plannedWells, run.wells) : null;
    return {
      metadata: initialRunMetadata(run, lots),
      sampleTypes: { ...wellSetupOf(run.wells).sampleTypes, ...planned?.sampleTypes },
      names: planned?.names ?? {},
    };
  });
  const [wellNames, setWellNames] = useState<Record<string, string>>(initial.names);
  const [sampleTypes, setSampleTypes] = useState<Record<string, SampleType>>(initial.sampleTypes);
  const [platePlan, setPlatePlan] = useState<PlatePlanChoice>({});
  const [platePlanError, setPlatePlanError] = useState(false);
  const [step, setStep] = useState<1 | 2>(1);
  const [metadata, setMetadata] = useState<RunMetadata | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const positions = useMemo(
    () => allPositions(run.plateType).filter((position) => position in run.wells),
    [run],
  );
  const chosenLot = lots.find((lot) => lot.id === metadata?.lotId);
  const configuredCount = Object.keys(sampleTypes).length;

  const planMutation = useMutation({
    mutationFn: ({ lotId, plan }: { lotId: string; plan: { type: string; file: File } }) =>
      applyPlatePlan(run.id, [lotId], plan.type, plan.file),
    onSuccess: (planned) => {
      const setup = wellSetupOf(planned.wells);
      setSampleTypes((current) => ({ ...current, ...setup.sampleTypes }));
      setWellNames((current) => ({ ...current, ...setup.names }));
      notify.success(t('platePlan.applied', { count: Object.keys(setup.sampleTypes).length }));
    },
    onError: (error) => notify.error(t('platePlan.errorTitle'), error),
  });
  const createMutation = useMutation({
    mutationFn: (lotId: string) =>
      createRun({
        id: run.id,
        instrumentName: metadata?.instrumentName.trim() ?? '',
        plateId: metadata?.plateId?.trim() || undefined,
        wells: Object.entries(sampleTypes).map(([position, sampleType]) => ({ position, lotId, sampleType })),
      }),
    onSuccess: async (saved) => {
      client.setQueryData(queryKeys.run.detail(saved.id), saved);
      await navigate(`/run/${encodeURIComponent(saved.id)}`);
    },
    onError: (error) => notify.error(t('errorTitleCannotSaveRunAndStartInterpretation'), error),
  });

  const toStep2 = async (): Promise<void> => {
    let values: RunMetadata;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const planIncomplete = isPlatePlanIncomplete(platePlan);
    setPlatePlanError(planIncomplete);
    if (planIncomplete) return;
    if (isPlatePlanChosen(platePlan) && values.lotId) {
      try {
        await planMutation.mutateAsync({ lotId: values.lotId, plan: platePlan });
      } catch {
        return; // notified by the mutation
      }
    }
    const lot = lots.find((candidate) => candidate.id === values.lotId);
    if (
      lot &&
      isLotExpired(lot) &&
      !(await confirm({
        title: t('runCreation.expiredLotTitle'),
        content: t('runCreation.expiredLotMessage', { lot: lot.name }),
      }))
    )
      return;
    setMetadata(values);
    if (selected.size === 0) setSelected(new Set(positions));
    setStep(2);
  };

  const start = async (): Promise<void> => {
    const lotId = metadata?.lotId;
    if (!lotId) return;
    const yes = await confirm({
      title: t('runCreation.checkControlsTitle'),
      content: t('runCreation.checkControlsMessage', { count: configuredCount }),
    });
    if (yes) createMutation.mutate(lotId);
  };

  const starting = createMutation.isPending || createMutation.isSuccess;
  return (
    <Card>
      <PageTitle title={t('runCreation.title')} />
      <Steps
        current={step - 1}
        style={{ marginBottom: 24, maxWidth: 640 }}
        items={[{ title: t('runCreation.step1') }, { title: t('runCreation.step2') }]}
        data-testid="run-creation-steps"
      />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('runInfo.businessId')}>{run.businessId}</Descriptions.Item>
        <Descriptions.Item label={t('runInfo.fileName')}>{run.fileName}</Descriptions.Item>
        <Descriptions.Item label={t('runInfo.analyser')}>{run.analyser?.name ?? ''}</Descriptions.Item>
      </Descriptions>
      <div style={{ display: step === 1 ? 'block' : 'none' }}>
        <RunMetadataPanel
          form={form}
          initialValues={initial.metadata}
          run={run}
          lots={lots}
          platePlan={platePlan}
          onPlatePlanChange={(choice) => {
            setPlatePlan(choice);
            setPlatePlanError(false);
          }}
          platePlanError={platePlanError}
          applyingPlan={planMutation.isPending}
          onCancel={() => void navigate('/')}
          onNext={() => void toStep2()}
        />
      </div>
      {step === 2 && (
        <>
          <WellConfigurationPanel
            run={run}
            positions={positions}
            sampleTypes={sampleTypes}
            onSampleTypesChange={setSampleTypes}
            wellNames={wellNames}
            selected={selected}
            onSelectionChange={setSelected}
            lot={chosenLot}
            disabled={starting}
          />
          <Space style={{ marginTop: 16 }}>
            <Button onClick={() => setStep(1)} disabled={starting} data-testid="run-creation-previous">
              {t('common.previous')}
            </Button>
            <Button
              type="primary"
              disabled={configuredCount === 0}
              loading={starting}
              onClick={() => void start()}
              data-testid="start-interpretation"
            >
              {t('runCreation.startInterpretation')}
            </Button>
          </Space>
          {chosenLot?.expirationDate && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('runCreation.lotExpires', { date: formatDate(chosenLot.expirationDate, i18n.language) })}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Card>
  );
}
