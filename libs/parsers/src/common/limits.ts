/**
 * Limits checked before (and while) parsing, so that a hostile or broken upload is refused quickly
 * and with a clear message instead of exhausting the worker.
 */

/** Largest single uploaded file accepted by the parsers. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Largest sum of the files of one run. */
export const MAX_RUN_BYTES = 256 * 1024 * 1024;
/** Most files one run may be made of (Bio-Rad exports about 20 CSV files per run). */
export const MAX_FILES_PER_RUN = 64;
/** Largest total decompressed size of one zip (xlsx, rdml), declared or actually inflated. */
export const MAX_DECOMPRESSED_BYTES = 128 * 1024 * 1024;
/** Largest single zip entry once inflated. */
export const MAX_ZIP_ENTRY_BYTES = 96 * 1024 * 1024;
/**
 * Largest worksheet XML of an xlsx once inflated. A 384-well, 4-dye, 50-cycle Amplification Data
 * sheet is about 30 MB; a sheet over this is refused from its declared size before it is inflated,
 * or as soon as the inflated bytes cross it when the declared size lies.
 */
export const MAX_SHEET_XML_BYTES = 48 * 1024 * 1024;
/** Most entries one zip may hold. */
export const MAX_ZIP_ENTRIES = 2000;
/** Most rows (lines of text, rows of a sheet) one table may have. */
export const MAX_ROWS = 500_000;
/** Most columns a text table may have (a 384-well Bio-Rad table has 386). */
export const MAX_COLUMNS = 2000;
/** Most cycles (reads) one curve may have. */
export const MAX_CYCLES = 1000;
