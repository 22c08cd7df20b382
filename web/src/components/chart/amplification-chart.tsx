import {
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  LogarithmicScale,
  PointElement,
  Tooltip,
  type ChartDataset,
  type ChartOptions,
} from 'chart.js';
import { Flex, Space, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { ChartPoint, WellChart } from '../../api/types';
import { channelColour, logAxisMin, THRESHOLD_COLOUR, yAxisMax } from './chart-scale';

ChartJS.register(LinearScale, LogarithmicScale, PointElement, LineElement, Tooltip, Legend);

type LineDataset = ChartDataset<'line', ChartPoint[]>;

export type ChartModel = {
  datasets: LineDataset[];
  /** Fixed y maximum (SPEC 9 rule), when it applies. */
  yMax: number | undefined;
  /** Otherwise the axis scales to the data but keeps the threshold in view. */
  ySuggestedMax: number | undefined;
  curveCount: number;
  /** Log view minimum: 1, or lower when a threshold is below 1 (kept visible). */
  logMin: number;
  /** The dyes drawn, each named in the legend with its colour. */
  dyes: string[];
};

/**
 * Datasets for the selected wells: one line per well and channel, one red dashed line per distinct
 * channel threshold. The y maximum is threshold + 50 only when that stays above the data.
 */
export function buildChartModel(
  wells: WellChart[],
  labels: { threshold: (channel: string) => string; curve: (position: string, channel: string) => string },
): ChartModel {
  const datasets: LineDataset[] = [];
  const thresholds = new Map<string, number>();
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const well of wells) {
    for (const channel of well.channels) {
      if (channel.threshold !== null && channel.threshold !== undefined && !thresholds.has(channel.name))
        thresholds.set(channel.name, channel.threshold);
      if (channel.points.length === 0) continue;
      for (const point of channel.points) {
        minX = Math.min(minX, point.x);
        maxX = Math.max(maxX, point.x);
        maxY = Math.max(maxY, point.y);
      }
      const colour = channelColour(channel.name);
      datasets.push({
        label: labels.curve(well.position, channel.name),
        data: channel.points,
        borderColor: colour,
        backgroundColor: colour,
        borderWidth: 1.5,
        pointRadius: 0,
        pointHoverRadius: 3,
        tension: 0.2,
      });
    }
  }
  const curveCount = datasets.length;
  let maxThreshold = Number.NEGATIVE_INFINITY;
  let minThreshold = Number.POSITIVE_INFINITY;
  if (Number.isFinite(minX)) {
    for (const [channel, threshold] of thresholds) {
      maxThreshold = Math.max(maxThreshold, threshold);
      if (threshold > 0) minThreshold = Math.min(minThreshold, threshold);
      datasets.push({
        label: labels.threshold(channel),
        data: [
          { x: minX, y: threshold },
          { x: maxX, y: threshold },
        ],
        borderColor: THRESHOLD_COLOUR,
        backgroundColor: THRESHOLD_COLOUR,
        borderDash: [6, 4],
        borderWidth: 1.5,
        pointRadius: 0,
        pointHoverRadius: 0,
      });
    }
  }
  const dyes = [
    ...new Set(wells.flatMap((well) => well.channels.filter((c) => c.points.length > 0).map((c) => c.name))),
  ];
  return { datasets, ...yAxisMax(maxThreshold, maxY), curveCount, logMin: logAxisMin(minThreshold), dyes };
}

type AmplificationChartProps = {
  wells: WellChart[];
  logScale: boolean;
  onLogScaleChange: (value: boolean) => void;
};

/** chart.js line chart of fluorescence by cycle for the selected wells. */
export function AmplificationChart({ wells, logScale, onLogScaleChange }: AmplificationChartProps) {
  const { t } = useTranslation();
  const model = useMemo(
    () =>
      buildChartModel(wells, {
        threshold: (channel) => t('chart.thresholdOf', { channel }),
        curve: (position, channel) => t('chart.curveOf', { position, channel }),
      }),
    [wells, t],
  );
  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      animation: false,
      maintainAspectRatio: false,
      parsing: false,
      normalized: true,
      interaction: { mode: 'nearest', intersect: false },
      plugins: { legend: { display: false }, tooltip: { enabled: true } },
      scales: {
        x: { type: 'linear', title: { display: true, text: t('chart.cycle') }, ticks: { precision: 0 } },
        y: logScale
          ? {
              type: 'logarithmic',
              min: model.logMin,
              max: model.yMax,
              suggestedMax: model.ySuggestedMax,
              title: { display: true, text: t('chart.fluorescence') },
            }
          : {
              type: 'linear',
              max: model.yMax,
              suggestedMax: model.ySuggestedMax,
              title: { display: true, text: t('chart.fluorescence') },
            },
      },
    }),
    [logScale, model.yMax, model.ySuggestedMax, model.logMin, t],
  );
  const legend = (colour: string, text: string, dashed = false) => (
    <Space size={6}>
      <span
        style={{
          display: 'inline-block',
          width: 22,
          borderTop: `3px ${dashed ? 'dashed' : 'solid'} ${colour}`,
        }}
      />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Space>
  );
  return (
    <div data-testid="amplification-chart" data-curve-count={model.curveCount} data-log-scale={logScale}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Space size={16} wrap>
          {model.dyes.map((dye) => (
            <span key={dye} data-testid={`chart-legend-${dye}`}>
              {legend(channelColour(dye), dye)}
            </span>
          ))}
          {legend(THRESHOLD_COLOUR, t('chart.thresholdLegend'), true)}
        </Space>
        <Space>
          <Typography.Text>{t('chart.logScale')}</Typography.Text>
          <Switch checked={logScale} onChange={onLogScaleChange} data-testid="chart-log-scale" size="small" />
        </Space>
      </Flex>
      {model.curveCount === 0 ? (
        <Typography.Paragraph type="secondary" data-testid="chart-empty">
          {t('chart.noCurves')}
        </Typography.Paragraph>
      ) : (
        <div style={{ position: 'relative', height: 420 }}>
          <Line
            data={{ datasets: model.datasets }}
            options={options}
            aria-label={t('chart.ariaLabel')}
            role="img"
          />
        </div>
      )}
    </div>
  );
}
