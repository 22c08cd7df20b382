import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Row, Select, Spin, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLots } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import type { ReviewedWellInterpretation } from '../../api/runs-api';
import type { Run, RunChart, WellInterpretation } from '../../api/types';
import { AmplificationChart } from '../../components/chart/amplification-chart';
import { PlateGrid } from '../../components/plate/plate-grid';
import { InterpretationTable } from '../../components/run/interpretation-table';
import { WellMetadata } from '../../components/run/well-metadata';
import { interpretationPlateWells, resultCaptions } from '../../view-models/well-interpretation-view-model';

type InterpretationResultsPanelProps = {
  run: Run;
  wells: WellInterpretation[];
  chart: RunChart;
  selected: ReadonlySet<string>;
  onSelectionChange: (selection: Set<string>) => void;
  /** SPEC 2: selection is disabled while a diagnostic is being edited. */
  selectionDisabled: boolean;
  reinterpreting: boolean;
};

/** The interpreted run: the plate with its captions, and the chart, table and metadata tabs. */
export function InterpretationResultsPanel({
  run,
  wells,
  chart,
  selected,
  onSelectionChange,
  selectionDisabled,
  reinterpreting,
}: InterpretationResultsPanelProps) {
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
  const selectedWells = wells.filter((well) => shown(well.position));
  const selectedCurves = chart.wells.filter((well) => shown(well.position));
  const captions = useMemo(() => resultCaptions(wells), [wells]);

  return (
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
            wells={interpretationPlateWells(run, wells, t)}
            selected={selected}
            onSelectionChange={onSelectionChange}
            disabled={selectionDisabled}
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
                children: <WellMetadata run={run} selected={selected} interpretation={wells} />,
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
