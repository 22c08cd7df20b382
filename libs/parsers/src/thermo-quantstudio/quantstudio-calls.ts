import { cellText } from '../common/table';
import { CALL, QUANTSTUDIO_TABLES, TARGET, WELL_OR_POSITION } from './quantstudio-columns';
import type { QuantStudioWells } from './quantstudio-curves';

/** Genotyping Result (one call per well) and Target Call (one call per well and target) sheets. */
export function readCalls(wells: QuantStudioWells): void {
  const genotyping = wells.locate(QUANTSTUDIO_TABLES.genotyping, [WELL_OR_POSITION, CALL]);
  if (genotyping) {
    const { header, rows } = genotyping.table;
    const callColumn = header.find(...CALL);
    rows.forEach((row, index) => {
      const call = cellText(row[callColumn]);
      if (!call) return;
      const well = wells.builder.well(wells.position(genotyping, row, index));
      for (const entry of Object.values(well.channels)) entry.instrumentCall = call;
    });
  }
  const targetCall = wells.locate(QUANTSTUDIO_TABLES.targetCall, [WELL_OR_POSITION, TARGET, CALL]);
  if (targetCall) {
    const { header, rows } = targetCall.table;
    const callColumn = header.find(...CALL);
    const targetColumn = header.find(...TARGET);
    rows.forEach((row, index) => {
      const call = cellText(row[callColumn]);
      const position = wells.position(targetCall, row, index);
      const reporter = wells.reporterOf(position, cellText(row[targetColumn]));
      if (!call || !reporter) return;
      wells.builder.wellChannel(wells.builder.well(position), reporter).instrumentCall = call;
    });
  }
}
