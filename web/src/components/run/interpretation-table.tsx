import { Table, Tag, Tooltip, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WellInterpretation } from '../../api/types';
import { formatDecimal } from '../../utils/format';
import { reasonText, resultText } from '../../view-models/well-interpretation-view-model';

/** SPEC 9 data-table rounding. */
export const CQ_DECIMALS = 2;
export const END_RFU_DECIMALS = 2;
export const RATIO_DECIMALS = 8;

/** Data table of the selected wells: channels with Cq and end RFU, ratio, suggested result. */
export function InterpretationTable({ wells }: { wells: WellInterpretation[] }) {
  const { t } = useTranslation();
  const channelColumns = (
    key: 'channel1' | 'channel2',
    title: string,
  ): TableProps<WellInterpretation>['columns'] => [
    {
      title,
      children: [
        {
          key: `${key}-name`,
          title: t('table.channelName'),
          render: (_v: unknown, well) => well[key]?.name ?? '',
        },
        {
          key: `${key}-cq`,
          title: t('table.cq'),
          align: 'right',
          render: (_v: unknown, well) => formatDecimal(well[key]?.cq, CQ_DECIMALS),
        },
        {
          key: `${key}-endRfu`,
          title: t('table.endRfu'),
          align: 'right',
          render: (_v: unknown, well) => formatDecimal(well[key]?.endRFU, END_RFU_DECIMALS),
        },
      ],
    },
  ];
  const columns: TableProps<WellInterpretation>['columns'] = [
    { key: 'position', dataIndex: 'position', title: t('table.position'), fixed: 'left', width: 80 },
    { key: 'name', dataIndex: 'name', title: t('table.name') },
    ...(channelColumns('channel1', t('table.channel1')) ?? []),
    ...(channelColumns('channel2', t('table.channel2')) ?? []),
    {
      key: 'ratio',
      title: t('table.ratio'),
      align: 'right',
      render: (_v: unknown, well) => formatDecimal(well.ratio, RATIO_DECIMALS),
    },
    {
      key: 'suggestedResult',
      title: t('table.suggestedResult'),
      render: (_v: unknown, well) =>
        well.suggestedResult ? (
          <Tag color={well.suggestedResult.color} style={{ color: 'rgba(0,0,0,0.85)' }}>
            {well.suggestedResult.label}
          </Tag>
        ) : (
          <Tooltip title={reasonText(well, t) ?? undefined}>
            <span data-testid={`result-${well.position}`}>{resultText(well, t)}</span>
          </Tooltip>
        ),
    },
  ];
  return (
    <div data-testid="interpretation-table">
      <Table<WellInterpretation>
        rowKey="position"
        size="small"
        bordered
        columns={columns}
        dataSource={wells}
        pagination={false}
        scroll={{ x: 'max-content', y: 460 }}
        onRow={(well) =>
          ({ 'data-testid': `interpretation-row-${well.position}` }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: t('table.empty') }}
      />
    </div>
  );
}
