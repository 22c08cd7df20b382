import { useQuery } from '@tanstack/react-query';
import { Card, Divider, Flex, Select, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLots } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import type { ReviewedWellInterpretation } from '../../api/runs-api';
import type { Run, RunChart, WellInterpretation } from '../../api/types';
import { AmplificationChart } from '../../components/chart/amplification-chart';
import { InterpretationTable } from '../../components/run/interpretation-table';
import { WellMetadata } from '../../components/run/well-metadata';
import { DiagnosticUpdateForm } from './diagnostic-update-form';
import { WellComments } from './well-comments';

type WellInterpretationPanelProps = {
  run: Run;
  wells: WellInterpretation[];
  chart: RunChart;
  selected: ReadonlySet<string>;
  /** Selected wells, position -> id (the well comments go to them). */
  selectedWells: ReadonlyMap<string, string>;
  canUpdate: boolean;
  /** Told while a diagnostic is chosen and not saved (the plate's selection is then held). */
  onEditingDiagnostic: (editing: boolean) => void;
};

/**
 * The well interpretation panel (SPEC 2), run interpretation's right-hand side by default: kit and
 * kit-version filters, chart (logarithmic view), table and well metadata tabs of the selected wells,
 * their comments, and the diagnostic update form.
 */
export function WellInterpretationPanel({
  run,
  wells,
  chart,
  selected,
  selectedWells,
  canUpdate,
  onEditingDiagnostic,
}: WellInterpretationPanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'chart' | 'table' | 'metadata'>('chart');
  const [logScale, setLogScale] = useState(false);
  // SPEC 2: kit and kit-version filters of the well interpretation panel.
  const [kitFilter, setKitFilter] = useState<string | undefined>();
  const [versionFilter, setVersionFilter] = useState<string | undefined>();
  const lots = useQuery({ queryKey: queryKeys.lots, queryFn: getLots });
  const versionLabel = useMemo(
    () =>
      new Map(
        (lots.data ?? []).map((lot) => [lot.kitVersion.id, `${lot.kit.name} ${lot.kitVersion.version}`]),
      ),
    [lots.data],
  );
  const kitOf = (position: string): string | null => run.wells[position]?.kitName ?? null;
  const kitNames = [
    ...new Set(wells.map((well) => kitOf(well.position)).filter((kit): kit is string => kit !== null)),
  ];
  const versionIds = [
    ...new Set(
      (wells as ReviewedWellInterpretation[])
        .filter((well) => !kitFilter || kitOf(well.position) === kitFilter)
        .flatMap((well) => (well.kitVersionId ? [well.kitVersionId] : [])),
    ),
  ];
  const shown = (position: string): boolean => {
    if (!selected.has(position)) return false;
    if (kitFilter && kitOf(position) !== kitFilter) return false;
    const row = (wells as ReviewedWellInterpretation[]).find((well) => well.position === position);
    return !versionFilter || row?.kitVersionId === versionFilter;
  };
  const shownWells = wells.filter((well) => shown(well.position));
  const selectedCurves = chart.wells.filter((well) => shown(well.position));

  return (
    <Card data-testid="well-interpretation-panel">
      <Flex gap={8} wrap style={{ marginBottom: 8 }} data-testid="kit-filters">
        <Select<string>
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('runReview.kitFilter')}
          value={kitFilter}
          onChange={(value) => {
            setKitFilter(value);
            setVersionFilter(undefined);
          }}
          options={kitNames.map((kit) => ({ value: kit, label: kit }))}
          data-testid="kit-filter"
        />
        <Select<string>
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('runReview.kitVersionFilter')}
          value={versionFilter}
          onChange={setVersionFilter}
          options={versionIds.map((id) => ({ value: id, label: versionLabel.get(id) ?? id }))}
          data-testid="kit-version-filter"
        />
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'table' || key === 'metadata' ? key : 'chart')}
        items={[
          {
            key: 'chart',
            label: <span data-testid="tab-chart">{t('runInterpretation.chartTab')}</span>,
            children: (
              <AmplificationChart wells={selectedCurves} logScale={logScale} onLogScaleChange={setLogScale} />
            ),
          },
          {
            key: 'table',
            label: <span data-testid="tab-table">{t('runInterpretation.tableTab')}</span>,
            children: <InterpretationTable wells={shownWells} />,
          },
          {
            key: 'metadata',
            label: <span data-testid="tab-metadata">{t('runInterpretation.metadataTab')}</span>,
            children: <WellMetadata run={run} selected={selected} interpretation={wells} />,
          },
        ]}
      />
      <Divider />
      <WellComments runId={run.id} canUpdate={canUpdate} selectedWells={selectedWells} />
      <Divider />
      <DiagnosticUpdateForm runId={run.id} selected={selected} onEditingChange={onEditingDiagnostic} />
    </Card>
  );
}
