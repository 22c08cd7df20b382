import { Card, Flex, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Run, WellInterpretation } from '../../api/types';
import { PlateGrid } from '../../components/plate/plate-grid';
import { interpretationPlateWells, resultCaptions } from '../../view-models/well-interpretation-view-model';

type InterpretationPlateCardProps = {
  run: Run;
  wells: WellInterpretation[];
  selected: ReadonlySet<string>;
  onSelectionChange: (selection: Set<string>) => void;
  /** SPEC 2: selection is disabled while a diagnostic is being edited. */
  selectionDisabled: boolean;
};

/** The left-hand side of run interpretation (SPEC 2): the plate, coloured by result, and its captions. */
export function InterpretationPlateCard({
  run,
  wells,
  selected,
  onSelectionChange,
  selectionDisabled,
}: InterpretationPlateCardProps) {
  const { t } = useTranslation();
  const captions = useMemo(() => resultCaptions(wells), [wells]);
  return (
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
  );
}
