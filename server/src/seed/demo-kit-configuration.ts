import type { KitAnalyserConfiguration } from '@amplio/domain';
import { genotypingDemoConfiguration } from '@amplio/interpretation';

/**
 * The demo SNP genotyping kit on QuantStudio Design & Analysis (VIC = allele 1, FAM = allele 2):
 * the interpretation library's genotyping configuration (FAM and VIC thresholds, genotype rules on
 * Cq and the end-RFU FAM/VIC ratio, negative control rules), which agrees with Thermo's own calls on
 * every called well of the demo workbook (docs/interpretation.md).
 */
export const DEMO_GENOTYPING_CONFIGURATION: KitAnalyserConfiguration = genotypingDemoConfiguration;
