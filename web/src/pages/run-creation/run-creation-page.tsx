import { allPositions } from '@amplio/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Space, Steps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { applyPlatePlan, getLots, getLotsForAnalyser, getRun } from '../../api/endpoints';
import {
  configureRun,
  getRunConfigurationSampleTypes,
  getTemplateSampleTypes,
  type PlateTemplate,
} from '../../api/runs-api';
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
import { isLotExpired, usableLots } from '../../view-models/lot-view-model';
import {
  initialRunMetadata,
  initialWellConfigs,
  lotChoiceOf,
  wellSetupOf,
  type RunMetadata,
} from '../../view-models/run-view-model';
import { LoadTemplateWindow, SaveTemplateWindow } from '../../components/templates/plate-template-windows';
import { useDiscardChangesGuard } from '../../components/run/use-discard-changes-guard';
import { positional } from '../../i18n/i18n';
import {
  autoAssign,
  firstWellProblem,
  hasSample,
  isComplete,
  selectedLotIds,
  type WellConfig,
} from './well-configuration-rules';
import { RunCreationComments } from './run-creation-comments';
import { RunMetadataPanel } from './run-metadata-panel';
import { offeredKey, wellsFromTemplate } from './template-rules';
import { missingText, WellConfigurationPanel } from './well-configuration-panel';
import { useLoadErrorNotice } from '../../notifications/use-load-error';
import { offeredByVersion } from './sample-type-offer';

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
  // The lots usable on the run's analyser (kits configured for it); every active lot for a run without one.
  const analyserId = runQuery.data?.analyser?.id ?? null;
  const lotsQuery = useQuery({
    queryKey: [...queryKeys.lots, 'analyser', analyserId],
    enabled: runQuery.data !== undefined,
    queryFn: () =>
      (analyserId ? getLotsForAnalyser(analyserId) : getLots()).catch(
        reportAndRethrow((error) => notify.error(t('runCreation.lotsLoadError'), error)),
      ),
  });
  const lots = lotsQuery.isError ? [] : lotsQuery.data;
  if (!runQuery.data || !lots)
    return <LoadingBlock text={t('runCreation.loading')} testId="run-creation-loading" />;
  return <RunCreation run={runQuery.data} lots={usableLots(lots)} plannedWells={plannedWells} />;
}

type RunCreationProps = { run: Run; lots: Lot[]; plannedWells: Record<string, RunWell> | null };

function RunCreation({ run, lots, plannedWells }: RunCreationProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [form] = Form.useForm<RunMetadata>();
  // The run's own configuration, then that of a plate plan chosen at the import step.
  const [initial] = useState(() => ({
    metadata: initialRunMetadata(run, lots),
    wells: initialWellConfigs(run, lots, plannedWells ? wellSetupOf(plannedWells, run.wells) : null),
  }));
  const [wells, setWells] = useState<Record<string, WellConfig>>(initial.wells);
  const [touched, setTouched] = useState(false);
  const [platePlan, setPlatePlan] = useState<PlatePlanChoice>({});
  const [platePlanError, setPlatePlanError] = useState(false);
  const [step, setStep] = useState<1 | 2>(1);
  const [metadata, setMetadata] = useState<RunMetadata | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [templateWindow, setTemplateWindow] = useState<'load' | 'save' | null>(null);
  const guard = useDiscardChangesGuard(touched);
  const positions = useMemo(
    () => allPositions(run.plateType).filter((position) => position in run.wells),
    [run],
  );
  const chosenLots = useMemo(() => {
    const ids = new Set(selectedLotIds(metadata?.rows ?? []));
    return lots.filter((lot) => ids.has(lot.id));
  }, [lots, metadata]);
  const lotIds = chosenLots.map((lot) => lot.id);
  const analyserId = run.analyser?.id ?? null;
  const offeredQuery = useQuery({
    queryKey: ['sample-types', 'run-configuration', analyserId, ...lotIds],
    queryFn: () => getRunConfigurationSampleTypes(lotIds, analyserId),
    enabled: lotIds.length > 0,
  });
  useLoadErrorNotice(offeredQuery, t('runCreation.sampleTypesLoadError'));
  const offered = useMemo(
    () => (offeredQuery.data ? offeredByVersion(offeredQuery.data) : null),
    [offeredQuery.data],
  );
  const changeWells = (next: Record<string, WellConfig>): void => {
    setWells(next);
    setTouched(true);
  };

  const planMutation = useMutation({
    mutationFn: ({ lotIds, plan }: { lotIds: string[]; plan: { type: string; file: File } }) =>
      applyPlatePlan(run.id, lotIds, plan.type, plan.file),
    onSuccess: (planned) => {
      const setup = wellSetupOf(planned.wells);
      setWells((current) => {
        const next = { ...current };
        for (const [position, sampleType] of Object.entries(setup.sampleTypes))
          next[position] = { ...next[position], sampleType };
        for (const [position, name] of Object.entries(setup.names))
          next[position] = { ...next[position], name };
        return next;
      });
      notify.success(t('platePlan.applied', { count: Object.keys(setup.sampleTypes).length }));
    },
    onError: (error) => notify.error(t('platePlan.errorTitle'), error),
  });
  const createMutation = useMutation({
    mutationFn: () =>
      configureRun({
        id: run.id,
        instrumentName: metadata?.instrumentName.trim() ?? '',
        plateId: metadata?.plateId?.trim() || undefined,
        wells: Object.entries(wells).flatMap(([position, well]) =>
          well.kitId && well.lotId && well.sampleType
            ? [
                {
                  position,
                  lotId: well.lotId,
                  kitId: well.kitId,
                  sampleType: well.sampleType,
                  name: well.name ?? null,
                },
              ]
            : [],
        ),
      }),
    onSuccess: async (saved) => {
      client.setQueryData(queryKeys.run.detail(saved.id), saved);
      guard.allowNext();
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
    const lotIds = selectedLotIds(values.rows ?? []);
    if (lotIds.length === 0) {
      notify.error(t('runCreation.lotRequired'), null);
      return;
    }
    const planIncomplete = isPlatePlanIncomplete(platePlan);
    setPlatePlanError(planIncomplete);
    if (planIncomplete) return;
    // SPEC 5: an expired lot asks for confirmation before the plate plan is parsed.
    const expired = lots.filter((lot) => lotIds.includes(lot.id) && isLotExpired(lot));
    if (
      expired.length > 0 &&
      !(await confirm({
        title: t('runCreation.expiredLotTitle'),
        content: t('runCreation.expiredLotMessage', { lot: expired.map((lot) => lot.name).join(', ') }),
      }))
    )
      return;
    if (isPlatePlanChosen(platePlan)) {
      try {
        await planMutation.mutateAsync({ lotIds, plan: platePlan });
      } catch {
        return; // notified by the mutation
      }
    }
    const choices = lots.filter((lot) => lotIds.includes(lot.id)).map(lotChoiceOf);
    setWells((current) => autoAssign(current, choices));
    setMetadata(values);
    if (selected.size === 0) setSelected(new Set(positions));
    setStep(2);
  };

  const start = async (): Promise<void> => {
    // SPEC 4 and 8: the run cannot start before its files are parsed and its wells saved.
    if (run.importState !== 'READY') {
      notify.info(t('runReview.notYetDownloaded'));
      return;
    }
    const problem = firstWellProblem(wells, chosenLots.map(lotChoiceOf), positions);
    if (problem) {
      notify.error(
        t('errorTitleCannotSaveRunAndStartInterpretation'),
        new Error(
          problem.kind === 'missing'
            ? t('runCreation.wellMissing', positional([problem.position, missingText(problem.items, t)]))
            : t(
                'runCreation.wellInvalid',
                positional([problem.position, t(`runCreation.missing.${problem.item}`)]),
              ),
        ),
      );
      return;
    }
    const configuredCount = Object.values(wells).filter(isComplete).length;
    const yes = await confirm({
      title: t('runCreation.checkControlsTitle'),
      content: t('runCreation.checkControlsMessage', { count: configuredCount }),
    });
    if (yes) createMutation.mutate();
  };

  /** SPEC 4: the template's sample types are checked against its kit versions; if those fail to load, it is applied without them. */
  const loadTemplate = async (template: PlateTemplate): Promise<void> => {
    const versionIds = [...new Set(chosenLots.map((lot) => lot.kitVersion.id))];
    let offered: Set<string> | null;
    try {
      const types = await getTemplateSampleTypes(versionIds, run.analyser?.id ?? null);
      offered = new Set(types.flatMap((type) => (type.kitId ? [offeredKey(type.kitId, type.type)] : [])));
    } catch (error) {
      notify.error(t('templates.sampleTypesLoadError'), error);
      offered = null;
    }
    const next = wellsFromTemplate(
      template.wellTemplates,
      new Set(positions),
      chosenLots.map(lotChoiceOf),
      wells,
      offered,
    );
    changeWells(autoAssign(next, chosenLots.map(lotChoiceOf)));
    setTemplateWindow(null);
  };

  const templateBody = () => ({
    plateType: run.plateType,
    analyserId: run.analyser?.id ?? null,
    wellTemplates: Object.entries(wells).map(([position, well]) => ({
      position,
      name: well.name ?? null,
      sampleType: well.sampleType ?? null,
      kitId: well.kitId ?? null,
      kitVersionId: chosenLots.find((lot) => lot.id === well.lotId)?.kitVersion.id ?? null,
      lotId: well.lotId ?? null,
    })),
  });

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
            setTouched(true);
          }}
          onValuesChange={() => setTouched(true)}
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
            wells={wells}
            onWellsChange={changeWells}
            selected={selected}
            onSelectionChange={setSelected}
            lots={chosenLots}
            offered={offered}
            disabled={starting}
          />
          {/* SPEC 2: comments are available in step 2 (run comments, and well comments on the selection). */}
          <div style={{ marginTop: 16 }} data-testid="run-creation-comments">
            <RunCreationComments
              runId={run.id}
              canUpdate={run.status === 'RUN_TO_INTERPRET' && !starting}
              selectedWells={
                new Map(
                  [...selected].flatMap((position) => {
                    const id = run.wells[position]?.id;
                    return id ? [[position, id] as const] : [];
                  }),
                )
              }
            />
          </div>
          <Space style={{ marginTop: 16 }} wrap>
            <Button onClick={() => setStep(1)} disabled={starting} data-testid="run-creation-previous">
              {t('common.previous')}
            </Button>
            <Button onClick={() => setTemplateWindow('load')} disabled={starting} data-testid="load-template">
              {t('templates.loadButton')}
            </Button>
            <Button
              onClick={() => setTemplateWindow('save')}
              disabled={starting || !hasSample(wells)}
              data-testid="save-template"
            >
              {t('templates.saveButton')}
            </Button>
            <Button
              type="primary"
              disabled={!hasSample(wells)}
              loading={starting}
              onClick={() => void start()}
              data-testid="start-interpretation"
            >
              {t('runCreation.startInterpretation')}
            </Button>
          </Space>
          <LoadTemplateWindow
            open={templateWindow === 'load'}
            versionIds={[...new Set(chosenLots.map((lot) => lot.kitVersion.id))]}
            onClose={() => setTemplateWindow(null)}
            onLoad={(template) => void loadTemplate(template)}
          />
          <SaveTemplateWindow
            open={templateWindow === 'save'}
            onClose={() => setTemplateWindow(null)}
            template={templateBody}
          />
        </>
      )}
    </Card>
  );
}
