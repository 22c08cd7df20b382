import { CheckOutlined, CloseOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { allPositions } from '@amplio/domain';
import { Alert, App, Button, Card, Col, Flex, Row, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  getRun,
  getRunChart,
  getRunInterpretation,
  reinterpretRun,
  reviewRun,
  submitRun,
} from '../../api/endpoints';
import type { ReviewStatus, Run, RunChart, WellInterpretation } from '../../api/types';
import { useSession } from '../../auth/session-context';
import { AmplificationChart } from '../../components/chart/amplification-chart';
import { cancelButtonProps, confirmButtonProps } from '../../components/common/confirm-props';
import { LoadingBlock } from '../../components/common/loading-block';
import { PageTitle } from '../../components/common/page-title';
import { PlateGrid, type PlateWellView } from '../../components/plate/plate-grid';
import { InterpretationTable } from '../../components/run/interpretation-table';
import { RunInformation } from '../../components/run/run-information';
import { canUpdateRun } from '../../components/run/run-rights';
import { WellMetadata } from '../../components/run/well-metadata';
import { useLiveEvent, useLiveReconnect, useWatchRun } from '../../live/live-context';
import { useNotify } from '../../notifications/use-notify';
import { isConfigured } from '../run-list/run-link';

/** Run interpretation (/run/:id): header, plate, chart and table of the selected wells, review. */
export function RunInterpretationPage() {
  const { id } = useParams();
  // A new run id starts from a fresh screen (all wells selected again).
  return <RunInterpretation key={id} runId={id ?? ''} />;
}

function RunInterpretation({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { modal } = App.useApp();
  const { permissions } = useSession();
  const [run, setRun] = useState<Run | null>(null);
  const [wells, setWells] = useState<WellInterpretation[] | null>(null);
  const [chart, setChart] = useState<RunChart | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [tab, setTab] = useState<'chart' | 'table' | 'metadata'>('chart');
  const [logScale, setLogScale] = useState(false);
  const [busy, setBusy] = useState(false);
  const selectionInitialised = useRef(false);

  useWatchRun(runId || undefined);

  const [runVersion, setRunVersion] = useState(0);
  const [resultsVersion, setResultsVersion] = useState(0);
  const reloadRun = useCallback(() => setRunVersion((value) => value + 1), []);
  const reloadResults = useCallback(() => setResultsVersion((value) => value + 1), []);

  useEffect(() => {
    let cancelled = false;
    getRun(runId)
      .then((loaded) => {
        if (!cancelled) setRun(loaded);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // SPEC 2: on entry failure, back to the run list with "Cannot access run page".
        notify.error(t('errorCannotAccessRunPage'), error);
        void navigate('/', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [runId, runVersion, navigate, notify, t]);

  // Results are fetched once the run itself answered (the entry guard leaves otherwise).
  const runLoaded = run !== null && run.id === runId;
  useEffect(() => {
    if (!runLoaded) return;
    let cancelled = false;
    Promise.all([
      getRunInterpretation(runId),
      getRunChart(runId).catch((error: unknown) => {
        notify.error(t('runInterpretation.chartLoadError'), error);
        return { wells: [] } satisfies RunChart;
      }),
    ])
      .then(([interpretation, curves]) => {
        if (cancelled) return;
        setWells(interpretation.wells);
        setChart(curves);
        // SPEC 2: on entering interpretation all wells are selected.
        if (!selectionInitialised.current && interpretation.wells.length > 0) {
          selectionInitialised.current = true;
          setSelected(new Set(interpretation.wells.map((well) => well.position)));
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        notify.error(t('runInterpretation.interpretationLoadError'), error);
        setWells([]);
      });
    return () => {
      cancelled = true;
    };
  }, [runId, runLoaded, resultsVersion, notify, t]);

  const interpreted = wells !== null && wells.length > 0;

  useLiveEvent('run.status', (event) => {
    if (event.runId !== runId) return;
    setRun((current) =>
      current
        ? {
            ...current,
            status: event.status,
            submittedByName: event.submittedByName,
            approvedBy: event.approvedBy,
            rejectedBy: event.rejectedBy,
          }
        : current,
    );
  });
  useLiveEvent('run.changed', (event) => {
    if (event.runId !== runId) return;
    switch (event.what) {
      case 'interpreted':
        reloadRun();
        reloadResults();
        break;
      case 'updated':
      case 'created':
        reloadRun();
        break;
      case 'deleted':
        notify.info(t('runInterpretation.deletedTitle'), t('runInterpretation.deletedMessage'));
        void navigate('/', { replace: true });
        break;
    }
  });
  useLiveReconnect(() => {
    reloadRun();
    reloadResults();
  });

  const selectedWells = useMemo(
    () => (wells ?? []).filter((well) => selected.has(well.position)),
    [wells, selected],
  );
  const selectedCurves = useMemo(
    () => (chart?.wells ?? []).filter((well) => selected.has(well.position)),
    [chart, selected],
  );
  const captions = useMemo(() => {
    const byLabel = new Map<string, string>();
    for (const well of wells ?? [])
      if (well.suggestedResult) byLabel.set(well.suggestedResult.label, well.suggestedResult.color);
    return [...byLabel.entries()];
  }, [wells]);

  if (!run) return <LoadingBlock text={t('runInterpretation.loading')} testId="run-loading" />;

  const plateWells: Record<string, PlateWellView> = {};
  const interpretationByPosition = new Map((wells ?? []).map((well) => [well.position, well]));
  for (const position of allPositions(run.plateType)) {
    const interpretation = interpretationByPosition.get(position);
    const runWell = run.wells[position];
    if (!interpretation && !runWell) continue;
    const name = interpretation?.name ?? runWell?.name ?? null;
    const result = interpretation?.suggestedResult;
    plateWells[position] = {
      color: result?.color,
      tooltip: [
        position,
        name,
        result?.label ?? (interpretation ? t(`resultState.${interpretation.resultState}`) : ''),
      ]
        .filter(Boolean)
        .join(' · '),
    };
  }

  const canReview = permissions.isDoctor && run.status === 'WAIT_FOR_APPROVAL';
  // Issue 4 item 4: interpret again on request, once interpreted, while the run can be updated.
  const canReinterpret =
    canUpdateRun(run.status, permissions.isDoctor) && (interpreted || Boolean(run.interpretationRunByName));
  // The server marks the run dirty until the new interpretation is saved (run.changed interpreted).
  const reinterpreting = interpreted && run.dirty;

  const confirmThen = (title: string, content: string, action: () => Promise<void>): void => {
    modal.confirm({
      title,
      content,
      okText: t('common.yes'),
      cancelText: t('common.no'),
      okButtonProps: confirmButtonProps,
      cancelButtonProps,
      onOk: action,
    });
  };

  const submit = (): void =>
    confirmThen(t('runInterpretation.submitTitle'), t('runInterpretation.submitMessage'), async () => {
      setBusy(true);
      try {
        setRun(await submitRun(run.id));
        notify.success(t('runInterpretation.submitSuccess'));
      } catch (error) {
        notify.error(t('errorStatusUpdate'), error);
      } finally {
        setBusy(false);
      }
    });

  const reinterpret = (): void =>
    confirmThen(
      t('runInterpretation.reinterpretTitle'),
      t('runInterpretation.reinterpretMessage'),
      async () => {
        setBusy(true);
        try {
          setRun(await reinterpretRun(run.id));
          notify.info(t('runInterpretation.reinterpretRequested'));
        } catch (error) {
          notify.error(t('runInterpretation.reinterpretError'), error);
        } finally {
          setBusy(false);
        }
      },
    );

  const review = (status: ReviewStatus): void =>
    confirmThen(
      status === 'APPROVED' ? t('runInterpretation.approveTitle') : t('runInterpretation.rejectTitle'),
      status === 'APPROVED' ? t('runInterpretation.approveMessage') : t('runInterpretation.rejectMessage'),
      async () => {
        setBusy(true);
        try {
          const updated = await reviewRun(run.id, status);
          setRun((current) =>
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
            status === 'APPROVED'
              ? t('runInterpretation.approveSuccess')
              : t('runInterpretation.rejectSuccess'),
          );
          if (updated.ftpSent === false) notify.error(t('ftp.sendErrorTitle'), t('ftp.sendErrorMessage'));
        } catch (error) {
          notify.error(t('errorStatusUpdate'), error);
        } finally {
          setBusy(false);
        }
      },
    );

  return (
    <Flex vertical gap={16}>
      <Card>
        <PageTitle title={t('runInterpretation.title', { businessId: run.businessId })} />
        <RunInformation run={run} />
      </Card>
      {!interpreted && wells !== null && !isConfigured(run) ? (
        <Card data-testid="run-not-configured">
          <Flex vertical align="center" gap={12} style={{ padding: 24 }}>
            <Typography.Text>{t('runInterpretation.notConfigured')}</Typography.Text>
            <Button
              type="primary"
              onClick={() => void navigate(`/run/configuration?id=${encodeURIComponent(run.id)}`)}
            >
              {t('runInterpretation.configure')}
            </Button>
          </Flex>
        </Card>
      ) : !interpreted ? (
        <Card>
          <LoadingBlock
            text={
              wells === null ? t('runInterpretation.loadingResults') : t('runInterpretation.interpreting')
            }
            testId="interpretation-pending"
          />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {reinterpreting && (
            <Col span={24}>
              <Alert
                type="info"
                showIcon
                icon={<Spin size="small" />}
                title={t('runInterpretation.reinterpreting')}
                data-testid="interpretation-pending"
              />
            </Col>
          )}
          <Col xs={24} lg={10}>
            <Card
              title={t('runInterpretation.plate')}
              extra={
                <Typography.Text type="secondary" data-testid="selected-count">
                  {t('runInterpretation.selectedCount', { count: selected.size })}
                </Typography.Text>
              }
            >
              <PlateGrid
                plateType={run.plateType}
                wells={plateWells}
                selected={selected}
                onSelectionChange={setSelected}
              />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 8 }}>
                {t('plate.selectionHelp')}
              </Typography.Paragraph>
              <Flex wrap gap={4} data-testid="plate-captions">
                {captions.map(([label, color]) => (
                  <Tag key={label} color={color} style={{ color: 'rgba(0,0,0,0.85)' }}>
                    {label}
                  </Tag>
                ))}
              </Flex>
            </Card>
          </Col>
          <Col xs={24} lg={14}>
            <Card>
              <Tabs
                activeKey={tab}
                onChange={(key) => setTab(key === 'table' || key === 'metadata' ? key : 'chart')}
                items={[
                  {
                    key: 'chart',
                    label: <span data-testid="tab-chart">{t('runInterpretation.chartTab')}</span>,
                    children: (
                      <AmplificationChart
                        wells={selectedCurves}
                        logScale={logScale}
                        onLogScaleChange={setLogScale}
                      />
                    ),
                  },
                  {
                    key: 'table',
                    label: <span data-testid="tab-table">{t('runInterpretation.tableTab')}</span>,
                    children: <InterpretationTable wells={selectedWells} />,
                  },
                  {
                    key: 'metadata',
                    label: <span data-testid="tab-metadata">{t('runInterpretation.metadataTab')}</span>,
                    children: <WellMetadata run={run} selected={selected} interpretation={wells ?? []} />,
                  },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">{t('runInterpretation.moreActionsLater')}</Typography.Text>
          <Space>
            {canReinterpret && (
              <Button
                icon={<ReloadOutlined />}
                onClick={reinterpret}
                loading={busy}
                disabled={reinterpreting}
                data-testid="run-reinterpret"
              >
                {t('runInterpretation.reinterpret')}
              </Button>
            )}
            {run.status === 'RUN_TO_INTERPRET' && (
              <Button
                type="primary"
                icon={<SendOutlined />}
                onClick={submit}
                loading={busy}
                disabled={!interpreted}
                data-testid="run-submit"
              >
                {t('runInterpretation.submit')}
              </Button>
            )}
            {canReview && (
              <>
                <Button
                  danger
                  icon={<CloseOutlined />}
                  onClick={() => review('REJECTED')}
                  loading={busy}
                  data-testid="run-reject"
                >
                  {t('runInterpretation.reject')}
                </Button>
                <Button
                  type="primary"
                  icon={<CheckOutlined />}
                  onClick={() => review('APPROVED')}
                  loading={busy}
                  data-testid="run-approve"
                >
                  {t('runInterpretation.approve')}
                </Button>
              </>
            )}
          </Space>
        </Flex>
      </Card>
    </Flex>
  );
}
