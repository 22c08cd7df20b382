import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Row, Segmented, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { getRun, getRunChart, getRunInterpretation } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import type { RunChart, WellInterpretation } from '../../api/types';
import { useSession } from '../../auth/session-context';
import { LoadingBlock } from '../../components/common/loading-block';
import { PageTitle } from '../../components/common/page-title';
import { RunInformation } from '../../components/run/run-information';
import { canUpdateRun } from '../../components/run/run-rights';
import { useLiveEvent, useWatchRun } from '../../live/live-context';
import { reportAndRethrow, useNotify } from '../../notifications/use-notify';
import { isConfigured } from '../run-list/run-link';
import { ExportWindow } from '../../components/export/export-window';
import { SendFileButton } from '../../components/export/send-file-button';
import { DeleteRunButton } from './delete-run-button';
import { InterpretationPlateCard } from './interpretation-plate-card';
import { RunActionsPanel } from './run-actions-panel';
import { RunCommentsForm } from './run-comments-form';
import { useRunActions } from './use-run-actions';
import { WellInterpretationPanel } from './well-interpretation-panel';

type RunResults = { wells: WellInterpretation[]; chart: RunChart };

/** What the right-hand side shows (SPEC 2): the well interpretation panel, the run comments form or the export window. */
type RightPanel = 'wells' | 'comments' | 'export';
const RIGHT_PANELS: RightPanel[] = ['wells', 'comments', 'export'];

/**
 * Run interpretation (/run/:id, SPEC 2): the information header; the plate on the left (5 of 12
 * columns) and, on the right (7), one of the well interpretation panel, the run comments form or the
 * export window; the footer buttons.
 */
export function RunInterpretationPage() {
  const { id } = useParams();
  // A new run id starts from a fresh screen (all wells selected again).
  return <RunInterpretation key={id} runId={id ?? ''} />;
}

function RunInterpretation({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { permissions } = useSession();
  // null until the user changes it: SPEC 2, on entering interpretation all wells are selected.
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [editingDiagnostic, setEditingDiagnostic] = useState(false);
  const [panel, setPanel] = useState<RightPanel>('wells');
  const actions = useRunActions(runId);

  useWatchRun(runId || undefined);
  // Live events refetch run and results (live/live-queries.ts); a deleted run sends the user back.
  useLiveEvent('run.changed', (event) => {
    if (event.runId !== runId || event.what !== 'deleted') return;
    notify.info(t('runInterpretation.deletedTitle'), t('runInterpretation.deletedMessage'));
    void navigate('/', { replace: true });
  });

  const runQuery = useQuery({
    queryKey: queryKeys.run.detail(runId),
    queryFn: () =>
      getRun(runId).catch(
        reportAndRethrow((error) => {
          // SPEC 2: on entry failure, back to the run list with "Cannot access run page".
          notify.error(t('errorCannotAccessRunPage'), error);
          void navigate('/', { replace: true });
        }),
      ),
  });
  const run = runQuery.data ?? null;
  // Results are fetched once the run itself answered (the entry guard leaves otherwise).
  const resultsQuery = useQuery({
    queryKey: queryKeys.run.results(runId),
    enabled: run !== null,
    queryFn: async (): Promise<RunResults> => {
      const [interpretation, chart] = await Promise.all([
        getRunInterpretation(runId),
        getRunChart(runId).catch((error: unknown): RunChart => {
          notify.error(t('runInterpretation.chartLoadError'), error);
          return { wells: [] };
        }),
      ]).catch(
        reportAndRethrow((error) => notify.error(t('runInterpretation.interpretationLoadError'), error)),
      );
      return { wells: interpretation.wells, chart };
    },
  });
  const wells = resultsQuery.isError ? [] : (resultsQuery.data?.wells ?? null);
  const chart = resultsQuery.data?.chart ?? { wells: [] };
  const allWells = resultsQuery.data?.wells;
  const selected = useMemo(
    () => chosen ?? new Set((allWells ?? []).map((well) => well.position)),
    [chosen, allWells],
  );

  if (!run) return <LoadingBlock text={t('runInterpretation.loading')} testId="run-loading" />;

  const interpreted = wells !== null && wells.length > 0;
  const canReview = permissions.isDoctor && run.status === 'WAIT_FOR_APPROVAL';
  // Issue 4 item 4: interpret again on request, once interpreted, while the run can be updated.
  const canReinterpret =
    canUpdateRun(run.status, permissions.isDoctor) && (interpreted || Boolean(run.interpretationRunByName));
  // The server marks the run dirty until the new interpretation is saved (run.changed interpreted).
  const reinterpreting = interpreted && run.dirty;

  const selectedWells = new Map(
    (allWells ?? []).filter((well) => selected.has(well.position)).map((well) => [well.position, well.id]),
  );
  const canUpdate = canUpdateRun(run.status, permissions.isDoctor);

  return (
    <Flex vertical gap={16}>
      <Card>
        <PageTitle title={t('runInterpretation.title', { businessId: run.businessId })} />
        <RunInformation run={run} />
      </Card>
      {run.ftpSent === false && (
        <Alert
          type="error"
          showIcon
          title={t('ftp.sendErrorTitle')}
          description={t('ftp.sendErrorMessage')}
          data-testid="ftp-send-failed"
        />
      )}
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
        // Interpreting again: the results stay in place under a spinner (no banner above them that
        // would move the plate under the pointer when it comes and goes) and cannot be acted on
        // until the new ones are shown.
        <Spin
          spinning={reinterpreting}
          description={
            <span data-testid="interpretation-pending">{t('runInterpretation.reinterpreting')}</span>
          }
        >
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={10}>
              <InterpretationPlateCard
                run={run}
                wells={wells}
                selected={selected}
                onSelectionChange={setChosen}
                selectionDisabled={editingDiagnostic}
              />
            </Col>
            <Col xs={24} lg={14}>
              <Flex vertical gap={12}>
                <Segmented<RightPanel>
                  block
                  value={panel}
                  onChange={setPanel}
                  options={RIGHT_PANELS.map((value) => ({
                    value,
                    label: (
                      <span data-testid={`panel-${value}`}>{t(`runInterpretation.panel.${value}`)}</span>
                    ),
                  }))}
                />
                {panel === 'wells' && (
                  <WellInterpretationPanel
                    run={run}
                    wells={wells}
                    chart={chart}
                    selected={selected}
                    selectedWells={selectedWells}
                    canUpdate={canUpdate}
                    onEditingDiagnostic={setEditingDiagnostic}
                  />
                )}
                {panel === 'comments' && <RunCommentsForm runId={run.id} canUpdate={canUpdate} />}
                {panel === 'export' && (
                  <ExportWindow
                    runId={run.id}
                    businessId={run.businessId}
                    plateId={run.plateId ?? null}
                    selectedWellIds={[...selectedWells.values()]}
                    onClose={() => setPanel('wells')}
                  />
                )}
              </Flex>
            </Col>
          </Row>
        </Spin>
      )}
      <RunActionsPanel
        actions={actions}
        canReinterpret={canReinterpret}
        reinterpreting={reinterpreting}
        canSubmit={run.status === 'RUN_TO_INTERPRET'}
        interpreted={interpreted}
        canReview={canReview}
        onExport={interpreted ? () => setPanel('export') : null}
      >
        <DeleteRunButton run={run} />
        <SendFileButton run={run} />
      </RunActionsPanel>
    </Flex>
  );
}
