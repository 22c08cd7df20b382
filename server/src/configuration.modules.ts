import type { Type } from '@nestjs/common';

/**
 * The configuration half of the product (SPEC 2 "Configuration"): kits, kit versions, lots, kit-analyser
 * configuration, sample types and diagnostics. Each entry is a feature module in its own folder.
 */
export const CONFIGURATION_MODULES: Type[] = [];
