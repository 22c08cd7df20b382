import { Segmented, Table, Tag, Tooltip, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLaboratory, laboratoryKeys } from '../../api/laboratories-api';
import type { ReviewedWellInterpretation } from '../../api/runs-api';
import type { WellInterpretation } from '../../api/types';
import { useSession } from '../../auth/session-context';
import { formatDecimal } from '../../utils/format';
import { effectiveResult, reasonText, resultText } from '../../view-models/well-interpretation-view-model';
import {
  byNumber,
  byText,
  cqDifference,
  effectivePlateOrder,
  isInvalidWell,
  plateOrderComparator,
  storedPlateOrder,
  storePlateOrder,
  type PlateOrder,
} from './interpretation-table-sort';

/** SPEC 9 data-table rounding. */
export const CQ_DECIMALS = 2;
export const END_RFU_DECIMALS = 2;
export const RATIO_DECIMALS = 8;

type Row = ReviewedWellInterpretation;

/** The signed-in user's laboratory's plate order (GET /laboratory/{id}); undefined until known or without one. */
function useLaboratoryPlateOrder(): PlateOrder | undefined {
  const laboratoryId = useSession().me.laboratory?.id;
  const laboratory = useQuery({
    queryKey: laboratoryKeys.detail(laboratoryId ?? ''),
    queryFn: () => getLaboratory(laboratoryId ?? ''),
    enabled: Boolean(laboratoryId),
    staleTime: 60_000,
  });
  return laboratory.data?.plateOrder;
}

/**
 * Data table of the selected wells in plate order; every column sorts. Each channel shows our Cq, the
 * instrument's own Cq and their difference; invalid wells are coloured; the result is the effective one.
 */
export function InterpretationTable({ wells }: { wells: WellInterpretation[] }) {
  const { t } = useTranslation();
  // Plate order by default: the laboratory's setting (row by row or column by column), unless this
  // browser chose the other one.
  const laboratoryOrder = useLaboratoryPlateOrder();
  const [override, setOverride] = useState<PlateOrder | null>(() => storedPlateOrder());
  const order = effectivePlateOrder(override, laboratoryOrder);
  const byPosition = plateOrderComparator(order);
  const rows = [...(wells as Row[])].sort(byPosition);
  const channelColumns = (key: 'channel1' | 'channel2', title: string): TableProps<Row>['columns'] => [
    {
      title,
      children: [
        {
          key: `${key}-name`,
          title: t('table.channelName'),
          sorter: byText((well: Row) => well[key]?.name),
          render: (_v: unknown, well) => well[key]?.name ?? '',
        },
        {
          key: `${key}-cq`,
          title: t('table.cq'),
          align: 'right',
          sorter: byNumber((well: Row) => well[key]?.cq),
          render: (_v: unknown, well) => formatDecimal(well[key]?.cq, CQ_DECIMALS),
        },
        {
          key: `${key}-instrumentCq`,
          title: t('runReview.instrumentCq'),
          align: 'right',
          sorter: byNumber((well: Row) => well[key]?.instrumentCq),
          render: (_v: unknown, well) => formatDecimal(well[key]?.instrumentCq, CQ_DECIMALS),
        },
        {
          key: `${key}-cqDifference`,
          title: t('runReview.cqDifference'),
          align: 'right',
          sorter: byNumber((well: Row) => cqDifference(well[key])),
          render: (_v: unknown, well) => {
            const difference = cqDifference(well[key]);
            const text = formatDecimal(difference, CQ_DECIMALS);
            return difference !== null && Math.abs(difference) >= 1 ? (
              <strong data-testid={`cq-difference-${well.position}`}>{text}</strong>
            ) : (
              text
            );
          },
        },
        {
          key: `${key}-endRfu`,
          title: t('table.endRfu'),
          align: 'right',
          sorter: byNumber((well: Row) => well[key]?.endRFU),
          render: (_v: unknown, well) => formatDecimal(well[key]?.endRFU, END_RFU_DECIMALS),
        },
      ],
    },
  ];
  const columns: TableProps<Row>['columns'] = [
    {
      key: 'position',
      dataIndex: 'position',
      title: t('table.position'),
      fixed: 'left',
      width: 80,
      sorter: byPosition,
    },
    { key: 'name', dataIndex: 'name', title: t('table.name'), sorter: byText((well: Row) => well.name) },
    ...(channelColumns('channel1', t('table.channel1')) ?? []),
    ...(channelColumns('channel2', t('table.channel2')) ?? []),
    {
      key: 'ratio',
      title: t('table.ratio'),
      align: 'right',
      sorter: byNumber((well: Row) => well.ratio),
      render: (_v: unknown, well) => formatDecimal(well.ratio, RATIO_DECIMALS),
    },
    {
      key: 'suggestedResult',
      title: t('table.suggestedResult'),
      sorter: byText((well: Row) => effectiveResult(well)?.label ?? resultText(well, t)),
      render: (_v: unknown, well) => {
        const result = effectiveResult(well);
        return result ? (
          <Tooltip
            title={
              well.override
                ? t('runReview.overriddenBy', { person: well.override.technicianName })
                : undefined
            }
          >
            <Tag
              color={result.color}
              style={{ color: 'rgba(0,0,0,0.85)', whiteSpace: 'normal' }}
              data-testid={`result-${well.position}`}
            >
              {result.label}
              {well.override ? ' *' : ''}
            </Tag>
          </Tooltip>
        ) : (
          <Tooltip title={reasonText(well, t) ?? undefined}>
            <span data-testid={`result-${well.position}`}>{resultText(well, t)}</span>
          </Tooltip>
        );
      },
    },
  ];
  return (
    <div data-testid="interpretation-table">
      <Segmented<PlateOrder>
        size="small"
        style={{ marginBottom: 8 }}
        data-testid="plate-order"
        value={order}
        onChange={(value) => setOverride(storePlateOrder(value, laboratoryOrder))}
        options={[
          { value: 'ROW', label: t('table.orderRows') },
          { value: 'COLUMN', label: t('table.orderColumns') },
        ]}
      />
      <Table<Row>
        rowKey="position"
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 460 }}
        onRow={(well) =>
          ({
            'data-testid': `interpretation-row-${well.position}`,
            'data-invalid': isInvalidWell(well) ? 'true' : undefined,
            style: isInvalidWell(well) ? { background: '#fff1f0' } : undefined,
          }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: t('table.empty') }}
      />
    </div>
  );
}
