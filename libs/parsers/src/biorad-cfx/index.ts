export { bioRadCfxParser, BIORAD_RUN_INFORMATION_SHEET } from './biorad-cfx.parser';
export { classifyBioRadTable, type BioRadTable, type BioRadTableKind } from './biorad-tables';
