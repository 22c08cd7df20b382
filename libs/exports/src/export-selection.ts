import { parsePosition } from '@amplio/domain';
import { ExportError } from './export-error';
import type { ExportRun, ExportScope, ExportWell } from './export-run';

function plateIndex(position: string): number {
  const coordinates = parsePosition(position);
  return coordinates ? coordinates.row * 1000 + coordinates.column : Number.MAX_SAFE_INTEGER;
}

/**
 * The wells to export, in plate order (A1, A2, ..., B1...). No scope is the whole plate; an empty
 * selection (or an empty run) is `errorExportNoWell`; an id that is not a well of this run is
 * `errorExportWellNotInRun`.
 */
export function selectWells(run: ExportRun, scope: ExportScope = {}): ExportWell[] {
  let wells = run.wells;
  if (scope.wellIds !== undefined) {
    const byId = new Map(run.wells.map((well) => [well.id, well]));
    const unknown = scope.wellIds.find((id) => !byId.has(id));
    if (unknown !== undefined) throw new ExportError('errorExportWellNotInRun', [unknown]);
    const wanted = new Set(scope.wellIds);
    wells = run.wells.filter((well) => wanted.has(well.id));
  }
  if (wells.length === 0) throw new ExportError('errorExportNoWell');
  return [...wells].sort((a, b) => plateIndex(a.position) - plateIndex(b.position));
}
