import { allPositions, type SampleType } from '@amplio/domain';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Space,
  Steps,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { applyPlatePlan, createRun, getLots, getRun } from '../../api/endpoints';
import type { Lot, Run } from '../../api/types';
import { LoadingBlock } from '../../components/common/loading-block';
import { cancelButtonProps, confirmButtonProps } from '../../components/common/confirm-props';
import { PageTitle } from '../../components/common/page-title';
import {
  isPlatePlanChosen,
  isPlatePlanIncomplete,
  PlatePlanPicker,
  platePlanWellsFrom,
  usePlatePlanTypes,
  type PlatePlanChoice,
} from '../../components/run/plate-plan-picker';
import { PlateGrid, type PlateWellView } from '../../components/plate/plate-grid';
import { isSampleType, SAMPLE_TYPE_COLOURS, SAMPLE_TYPES } from '../../components/plate/sample-types';
import { positional } from '../../i18n/i18n';
import { useNotify } from '../../notifications/use-notify';
import { formatDate, formatDateTime } from '../../utils/format';

type MetadataForm = { instrumentName: string; plateId?: string; kitId?: string; lotId?: string };

function isExpired(lot: Lot): boolean {
  if (!lot.expirationDate) return false;
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return new Date(lot.expirationDate).getTime() < today.getTime();
}

/** Run creation (/run/configuration?id=…): step 1 run metadata, step 2 well metadata. */
export function RunCreationPage() {
  const [params] = useSearchParams();
  const runId = params.get('id');
  return <RunCreation key={runId ?? ''} runId={runId} />;
}

function RunCreation({ runId }: { runId: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { modal } = App.useApp();
  const location = useLocation();
  const [plannedWells] = useState(() => platePlanWellsFrom(location.state));
  const [wellNames, setWellNames] = useState<Record<string, string>>({});
  const [platePlan, setPlatePlan] = useState<PlatePlanChoice>({});
  const [platePlanError, setPlatePlanError] = useState(false);
  const [applyingPlan, setApplyingPlan] = useState(false);
  const platePlanTypes = usePlatePlanTypes();
  const [form] = Form.useForm<MetadataForm>();
  const [run, setRun] = useState<Run | null>(null);
  const [lots, setLots] = useState<Lot[]>([]);
  const [step, setStep] = useState<1 | 2>(1);
  const [metadata, setMetadata] = useState<MetadataForm | null>(null);
  const [initialValues, setInitialValues] = useState<MetadataForm | undefined>(undefined);
  const [sampleTypes, setSampleTypes] = useState<Record<string, SampleType>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [chosenType, setChosenType] = useState<SampleType>('SAMPLE');
  const [starting, setStarting] = useState(false);
  const kitId = Form.useWatch('kitId', form);

  // Not re-run when the language changes: that would throw away the wells configured so far.
  const onLotsError = useEffectEvent((error: unknown) => notify.error(t('runCreation.lotsLoadError'), error));
  const leave = useEffectEvent((error: unknown) => {
    notify.error(t('errorCannotAccessRunPage'), error);
    void navigate('/', { replace: true });
  });

  useEffect(() => {
    if (!runId) {
      leave(new ApiError(404, { message: 'errorRunNotFound' }));
      return;
    }
    let cancelled = false;
    Promise.all([
      getRun(runId),
      getLots().catch((error: unknown) => {
        onLotsError(error);
        return [] as Lot[];
      }),
    ])
      .then(([loadedRun, loadedLots]) => {
        if (cancelled) return;
        const usable = loadedLots.filter((lot) => lot.active);
        setRun(loadedRun);
        setLots(usable);
        const prefilled: Record<string, SampleType> = {};
        for (const well of Object.values(loadedRun.wells)) {
          if (isSampleType(well.sampleType)) prefilled[well.position] = well.sampleType;
        }
        // A plate plan chosen at the import step fills names and sample types.
        if (plannedWells) {
          const names: Record<string, string> = {};
          for (const well of Object.values(plannedWells)) {
            if (!(well.position in loadedRun.wells)) continue;
            if (isSampleType(well.sampleType)) prefilled[well.position] = well.sampleType;
            if (well.name) names[well.position] = well.name;
          }
          setWellNames(names);
        }
        setSampleTypes(prefilled);
        const usedWell = Object.values(loadedRun.wells).find((well) => well.lotId || well.lotName);
        const lot =
          usable.find(
            (candidate) => candidate.id === usedWell?.lotId || candidate.name === usedWell?.lotName,
          ) ?? (usable.length === 1 ? usable[0] : undefined);
        setInitialValues({
          instrumentName: loadedRun.instrumentName ?? '',
          plateId: loadedRun.plateId ?? '',
          kitId: lot?.kit.id,
          lotId: lot?.id,
        });
      })
      .catch((error: unknown) => {
        if (!cancelled) leave(error);
      });
    return () => {
      cancelled = true;
    };
  }, [runId, plannedWells]);

  const kits = useMemo(() => {
    const byId = new Map<string, string>();
    for (const lot of lots) byId.set(lot.kit.id, lot.kit.name);
    return [...byId.entries()].map(([id, name]) => ({ value: id, label: name }));
  }, [lots]);
  const kitLots = lots.filter((lot) => lot.kit.id === kitId);

  const wellPositions = useMemo(
    () => (run ? allPositions(run.plateType).filter((position) => position in run.wells) : []),
    [run],
  );

  if (!run) return <LoadingBlock text={t('runCreation.loading')} testId="run-creation-loading" />;

  const configuredCount = Object.keys(sampleTypes).length;
  const chosenLot = lots.find((lot) => lot.id === metadata?.lotId);

  const toStep2 = async (): Promise<void> => {
    let values: MetadataForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const planIncomplete = isPlatePlanIncomplete(platePlan);
    setPlatePlanError(planIncomplete);
    if (planIncomplete) return;
    if (isPlatePlanChosen(platePlan) && values.lotId) {
      setApplyingPlan(true);
      try {
        const planned = await applyPlatePlan(run.id, [values.lotId], platePlan.type, platePlan.file);
        const plannedTypes: Record<string, SampleType> = {};
        const names: Record<string, string> = {};
        for (const well of Object.values(planned.wells)) {
          if (isSampleType(well.sampleType)) plannedTypes[well.position] = well.sampleType;
          if (well.name) names[well.position] = well.name;
        }
        setSampleTypes((current) => ({ ...current, ...plannedTypes }));
        setWellNames((current) => ({ ...current, ...names }));
        notify.success(t('platePlan.applied', { count: Object.keys(plannedTypes).length }));
      } catch (error) {
        notify.error(t('platePlan.errorTitle'), error);
        return;
      } finally {
        setApplyingPlan(false);
      }
    }
    const lot = lots.find((candidate) => candidate.id === values.lotId);
    const proceed = (): void => {
      setMetadata(values);
      if (selected.size === 0) setSelected(new Set(wellPositions));
      setStep(2);
    };
    if (lot && isExpired(lot)) {
      modal.confirm({
        title: t('runCreation.expiredLotTitle'),
        content: t('runCreation.expiredLotMessage', { lot: lot.name }),
        okText: t('common.yes'),
        cancelText: t('common.no'),
        okButtonProps: confirmButtonProps,
        cancelButtonProps,
        onOk: proceed,
      });
    } else proceed();
  };

  const applySampleType = (): void => {
    const apply = (): void =>
      setSampleTypes((current) => {
        const next = { ...current };
        for (const position of selected) next[position] = chosenType;
        return next;
      });
    // SPEC 4: selected wells holding different values need a confirmation before one applies to all.
    const existing = new Set([...selected].map((position) => sampleTypes[position] ?? ''));
    if (existing.size > 1) {
      modal.confirm({
        title: t('runCreation.mixedTitle'),
        content: t('runCreation.mixedMessage', { sampleType: t(`sampleType.${chosenType}`) }),
        okText: t('common.yes'),
        cancelText: t('common.no'),
        okButtonProps: confirmButtonProps,
        cancelButtonProps,
        onOk: apply,
      });
    } else apply();
  };

  const clearSampleType = (): void => {
    setSampleTypes((current) => {
      const next = { ...current };
      for (const position of selected) delete next[position];
      return next;
    });
  };

  const start = (): void => {
    if (!metadata?.lotId) return;
    const lotId = metadata.lotId;
    modal.confirm({
      title: t('runCreation.checkControlsTitle'),
      content: t('runCreation.checkControlsMessage', { count: configuredCount }),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      okButtonProps: confirmButtonProps,
      cancelButtonProps,
      onOk: async () => {
        setStarting(true);
        try {
          const saved = await createRun({
            id: run.id,
            instrumentName: metadata.instrumentName.trim(),
            plateId: metadata.plateId?.trim() || undefined,
            wells: Object.entries(sampleTypes).map(([position, sampleType]) => ({
              position,
              lotId,
              sampleType,
            })),
          });
          await navigate(`/run/${encodeURIComponent(saved.id)}`);
        } catch (error) {
          notify.error(t('errorTitleCannotSaveRunAndStartInterpretation'), error);
          setStarting(false);
        }
      },
    });
  };

  const plateWells: Record<string, PlateWellView> = {};
  for (const position of wellPositions) {
    const sampleType = sampleTypes[position];
    const name = wellNames[position] ?? run.wells[position]?.name;
    plateWells[position] = {
      color: sampleType ? SAMPLE_TYPE_COLOURS[sampleType] : undefined,
      label: sampleType ? t(`sampleTypeInitial.${sampleType}`) : '',
      tooltip: [position, name, sampleType ? t(`sampleType.${sampleType}`) : t('runCreation.notConfigured')]
        .filter(Boolean)
        .join(' · '),
    };
  }

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
        <Form<MetadataForm>
          form={form}
          layout="vertical"
          style={{ maxWidth: 720 }}
          initialValues={initialValues}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="instrumentName"
                label={t('runCreation.instrumentName')}
                rules={[
                  {
                    required: true,
                    whitespace: true,
                    message: t('errorFieldRequired', positional([t('runCreation.instrumentName')])),
                  },
                ]}
              >
                <Input data-testid="run-instrument-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="plateId" label={t('runCreation.plateId')}>
                <Input data-testid="run-plate-id" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('runCreation.runDate')}>
                <Input disabled value={formatDateTime(run.runDate, i18n.language)} data-testid="run-date" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>{t('runCreation.kitsAndLots')}</Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="kitId" label={t('runCreation.kit')}>
                <Select
                  data-testid="run-kit-select"
                  options={kits}
                  placeholder={t('runCreation.kitPlaceholder')}
                  onChange={() => form.setFieldValue('lotId', undefined)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="lotId"
                label={t('runCreation.lot')}
                rules={[{ required: true, message: t('runCreation.lotRequired') }]}
              >
                <Select
                  data-testid="run-lot-select"
                  disabled={!kitId}
                  placeholder={t('runCreation.lotPlaceholder')}
                  options={kitLots.map((lot) => ({
                    value: lot.id,
                    label: isExpired(lot)
                      ? t('runCreation.lotExpiredLabel', { lot: lot.name, version: lot.kitVersion.version })
                      : t('runCreation.lotLabel', { lot: lot.name, version: lot.kitVersion.version }),
                  }))}
                />
              </Form.Item>
            </Col>
          </Row>
          {lots.length === 0 && (
            <Typography.Paragraph type="warning">{t('runCreation.noLots')}</Typography.Paragraph>
          )}
          <Form.Item
            label={t('runCreation.platePlan')}
            validateStatus={platePlanError ? 'error' : undefined}
            help={platePlanError ? t('platePlan.invalidTemplateError') : undefined}
          >
            <PlatePlanPicker
              value={platePlan}
              onChange={(value) => {
                setPlatePlan(value);
                setPlatePlanError(false);
              }}
              types={platePlanTypes.types}
              loading={platePlanTypes.loading}
              disabled={applyingPlan}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('runCreation.moreRowsLater')}</Typography.Paragraph>
        </Form>
        <Space>
          <Button onClick={() => void navigate('/')} data-testid="run-creation-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            type="primary"
            onClick={() => void toStep2()}
            loading={applyingPlan}
            data-testid="run-creation-next"
          >
            {t('common.next')}
          </Button>
        </Space>
      </div>
      {step === 2 && (
        <>
          <Row gutter={24}>
            <Col xs={24} xl={14}>
              <PlateGrid
                plateType={run.plateType}
                wells={plateWells}
                selected={selected}
                onSelectionChange={setSelected}
                disabled={starting}
              />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('plate.selectionHelp')}
              </Typography.Paragraph>
            </Col>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('runCreation.wellPanel')} data-testid="well-panel">
                <Flex vertical gap={12}>
                  <Typography.Text data-testid="selected-count">
                    {t('runCreation.selectedCount', { count: selected.size })}
                  </Typography.Text>
                  <Typography.Text>
                    {t('runCreation.kitLot', {
                      kit: chosenLot?.kit.name ?? '',
                      lot: chosenLot?.name ?? '',
                    })}
                  </Typography.Text>
                  <Select<SampleType>
                    data-testid="sample-type-select"
                    value={chosenType}
                    onChange={setChosenType}
                    options={SAMPLE_TYPES.map((type) => ({ value: type, label: t(`sampleType.${type}`) }))}
                  />
                  <Space wrap>
                    <Button
                      type="primary"
                      disabled={selected.size === 0}
                      onClick={applySampleType}
                      data-testid="apply-sample-type"
                    >
                      {t('runCreation.apply')}
                    </Button>
                    <Button
                      disabled={selected.size === 0}
                      onClick={clearSampleType}
                      data-testid="clear-sample-type"
                    >
                      {t('runCreation.clear')}
                    </Button>
                  </Space>
                  <div>
                    <Typography.Text type="secondary">{t('runCreation.legend')}</Typography.Text>
                    <Flex wrap gap={4} style={{ marginTop: 4 }}>
                      {SAMPLE_TYPES.map((type) => (
                        <Tag
                          key={type}
                          color={SAMPLE_TYPE_COLOURS[type]}
                          style={{ color: 'rgba(0,0,0,0.85)' }}
                        >
                          {t('runCreation.legendItem', {
                            initial: t(`sampleTypeInitial.${type}`),
                            label: t(`sampleType.${type}`),
                          })}
                        </Tag>
                      ))}
                    </Flex>
                  </div>
                  <Typography.Text type="secondary">
                    {t('runCreation.configuredCount', { count: configuredCount })}
                  </Typography.Text>
                  <Typography.Text type="secondary">{t('runCreation.templatesLater')}</Typography.Text>
                </Flex>
              </Card>
            </Col>
          </Row>
          <Space style={{ marginTop: 16 }}>
            <Button onClick={() => setStep(1)} disabled={starting} data-testid="run-creation-previous">
              {t('common.previous')}
            </Button>
            <Button
              type="primary"
              disabled={configuredCount === 0}
              loading={starting}
              onClick={start}
              data-testid="start-interpretation"
            >
              {t('runCreation.startInterpretation')}
            </Button>
          </Space>
          {chosenLot && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {chosenLot.expirationDate
                ? t('runCreation.lotExpires', { date: formatDate(chosenLot.expirationDate, i18n.language) })
                : ''}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Card>
  );
}
