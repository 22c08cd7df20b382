export {
  lightCycler480Parser,
  parseLightCycler480,
  lc480FilterDye,
  LC480_FORMAT_ID,
  LC480_INSTRUMENT_NAME,
} from './lc480-parser';
export {
  isLc480CpTable,
  isLc480RawData,
  readLc480CpTable,
  readLc480RawData,
  type Lc480CpTable,
  type Lc480RawData,
} from './lc480-files';
