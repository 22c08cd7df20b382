import type { Type } from '@nestjs/common';
import { KitConfigurationModule } from './kit-configuration/kit-configuration.module';
import { KitVersionsModule } from './kit-versions/kit-versions.module';
import { KitsModule } from './kits/kits.module';
import { LotsModule } from './lots/lots.module';
import { SampleTypesModule } from './sample-types/sample-types.module';

/**
 * The configuration half of the product (SPEC 2 "Configuration"): kits, kit versions, lots, kit-analyser
 * configuration, sample types and diagnostics. Each entry is a feature module in its own folder.
 */
export const CONFIGURATION_MODULES: Type[] = [
  KitsModule,
  KitVersionsModule,
  LotsModule,
  KitConfigurationModule,
  SampleTypesModule,
];
