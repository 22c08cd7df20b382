import { formatPosition, PLATE_DIMENSIONS, type PlateType } from '@amplio/domain';
import { Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bandSelection,
  columnPositions,
  nextSelection,
  rowPositions,
  type SelectionModifiers,
} from './plate-selection';

export type PlateWellView = {
  /** Fill colour (suggested result, sample type). */
  color?: string;
  /** Short text inside the well. */
  label?: string;
  /** Hover text. */
  tooltip?: string;
};

type PlateGridProps = {
  plateType: PlateType;
  /** Wells present in the run; the others are drawn empty and cannot be selected. */
  wells: Record<string, PlateWellView>;
  selected: ReadonlySet<string>;
  onSelectionChange: (selection: Set<string>) => void;
  disabled?: boolean;
  testId?: string;
};

function modifiersOf(event: React.MouseEvent): SelectionModifiers {
  return { shift: event.shiftKey, ctrl: event.ctrlKey || event.metaKey };
}

/** Text colour readable on a well's fill. */
function contrastText(color: string | undefined): string {
  if (!color || !/^#?[0-9a-f]{6}$/i.test(color)) return 'rgba(0,0,0,0.75)';
  const hex = color.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((offset) => parseInt(hex.slice(offset, offset + 2), 16));
  return r * 0.299 + g * 0.587 + b * 0.114 > 150 ? 'rgba(0,0,0,0.8)' : '#fff';
}

/** 96 or 384-well plate: select by well, row header, column header or all (shift range, ctrl add). */
export function PlateGrid({
  plateType,
  wells,
  selected,
  onSelectionChange,
  disabled,
  testId,
}: PlateGridProps) {
  const { t } = useTranslation();
  const { rows, columns } = PLATE_DIMENSIONS[plateType];
  const [anchor, setAnchor] = useState<string | null>(null);
  const small = columns > 12;
  const selectable = (position: string): boolean => position in wells;

  // The rubber band (SPEC 2): the well pressed with shift held, until the button is released anywhere.
  const bandFrom = useRef<string | null>(null);
  useEffect(() => {
    const release = (): void => {
      bandFrom.current = null;
    };
    window.addEventListener('mouseup', release);
    return () => window.removeEventListener('mouseup', release);
  }, []);
  const startBand = (position: string, event: React.MouseEvent): void => {
    if (disabled || event.button !== 0 || !event.shiftKey || event.ctrlKey || event.metaKey) return;
    bandFrom.current = position;
    event.preventDefault(); // no text selection while dragging
  };
  const moveBand = (position: string, event: React.MouseEvent): void => {
    const from = bandFrom.current;
    if (disabled || !from || (event.buttons & 1) === 0 || from === position) return;
    const next = bandSelection(from, position, modifiersOf(event), selectable);
    if (!next) return;
    setAnchor(from);
    onSelectionChange(next);
  };

  const select = (target: string[], event: React.MouseEvent, single?: string): void => {
    if (disabled) return;
    const next = nextSelection(selected, target, modifiersOf(event), anchor, selectable);
    if (!next) return;
    if (single && !event.shiftKey) setAnchor(single);
    onSelectionChange(next);
  };

  const headerStyle: React.CSSProperties = {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: small ? 10 : 12,
    fontWeight: 600,
    color: 'rgba(0,0,0,0.65)',
    cursor: disabled ? 'default' : 'pointer',
    userSelect: 'none',
    border: 'none',
    background: 'transparent',
    padding: 0,
  };

  return (
    <div
      data-testid={testId ?? 'plate-grid'}
      data-plate-type={plateType}
      style={{
        display: 'grid',
        gridTemplateColumns: `${small ? 16 : 24}px repeat(${columns}, minmax(0, 1fr))`,
        gap: small ? 2 : 4,
        userSelect: 'none',
      }}
    >
      <button
        type="button"
        style={headerStyle}
        data-testid="plate-select-all"
        aria-label={t('plate.selectAll')}
        title={t('plate.selectAll')}
        onClick={(event) => select(Object.keys(wells), event)}
      >
        ◢
      </button>
      {Array.from({ length: columns }, (_, column) => (
        <button
          type="button"
          key={`column-${column}`}
          style={headerStyle}
          data-testid={`plate-col-${column + 1}`}
          aria-label={t('plate.selectColumn', { column: column + 1 })}
          onClick={(event) => select(columnPositions(plateType, column), event)}
        >
          {column + 1}
        </button>
      ))}
      {Array.from({ length: rows }, (_, row) => {
        const letter = String.fromCharCode(65 + row);
        return [
          <button
            type="button"
            key={`row-${row}`}
            style={headerStyle}
            data-testid={`plate-row-${letter}`}
            aria-label={t('plate.selectRow', { row: letter })}
            onClick={(event) => select(rowPositions(plateType, row), event)}
          >
            {letter}
          </button>,
          ...Array.from({ length: columns }, (_, column) => {
            const position = formatPosition({ row, column });
            const well = wells[position];
            const isSelected = selected.has(position);
            const cell = (
              <button
                type="button"
                key={position}
                data-testid={`plate-well-${position}`}
                data-selected={isSelected ? 'true' : 'false'}
                data-color={well?.color ?? ''}
                aria-label={position}
                aria-pressed={isSelected}
                disabled={!well}
                onClick={(event) => select([position], event, position)}
                onMouseDown={(event) => startBand(position, event)}
                onMouseEnter={(event) => moveBand(position, event)}
                style={{
                  aspectRatio: '1 / 1',
                  borderRadius: '50%',
                  border: isSelected ? `${small ? 2 : 3}px solid #1677ff` : '1px solid rgba(0,0,0,0.25)',
                  boxShadow: isSelected ? '0 0 0 1px #fff inset' : undefined,
                  background: well ? (well.color ?? '#fafafa') : '#f0f0f0',
                  opacity: well ? 1 : 0.45,
                  color: contrastText(well?.color),
                  fontSize: small ? 7 : 10,
                  lineHeight: 1,
                  padding: 0,
                  overflow: 'hidden',
                  cursor: well && !disabled ? 'pointer' : 'default',
                  minWidth: 0,
                }}
              >
                {well?.label ?? ''}
              </button>
            );
            return well?.tooltip ? (
              <Tooltip key={position} title={well.tooltip} mouseEnterDelay={0.4}>
                {cell}
              </Tooltip>
            ) : (
              cell
            );
          }),
        ];
      })}
    </div>
  );
}
