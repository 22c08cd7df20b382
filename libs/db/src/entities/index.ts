import { AnalyserEntity } from './analyser.entity';
import { AuditLogEntity, ReleaseNoteEntity, UserReleaseSeenEntity } from './audit.entity';
import { KitAnalyserEntity, KitEntity, KitVersionEntity, LotEntity } from './kit.entity';
import {
  KitAnalyserRevisionEntity,
  RunKitConfigurationEntity,
  SampleTypeEntity,
  UserLotChangesSeenEntity,
} from './kit-configuration.entity';
import { LaboratoryEntity } from './laboratory.entity';
import { RunEntity, RunFileEntity, RunImportEntity } from './run.entity';
import { UserEntity } from './user.entity';
import { WellCurveEntity, WellEntity, WellInterpretationEntity } from './well.entity';

export * from './analyser.entity';
export * from './audit.entity';
export * from './kit.entity';
export * from './kit-configuration.entity';
export * from './kit-configuration-document';
export * from './laboratory.entity';
export * from './run.entity';
export * from './user.entity';
export * from './well.entity';

export const ENTITIES = [
  LaboratoryEntity,
  UserEntity,
  AnalyserEntity,
  KitEntity,
  KitVersionEntity,
  LotEntity,
  KitAnalyserEntity,
  KitAnalyserRevisionEntity,
  RunKitConfigurationEntity,
  SampleTypeEntity,
  UserLotChangesSeenEntity,
  RunEntity,
  RunFileEntity,
  RunImportEntity,
  WellEntity,
  WellCurveEntity,
  WellInterpretationEntity,
  AuditLogEntity,
  ReleaseNoteEntity,
  UserReleaseSeenEntity,
];
