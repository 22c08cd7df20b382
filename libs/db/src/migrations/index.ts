import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { RunFilesWithoutImport1763800000000 } from './1763800000000-run-files-without-import';
import { CurveInstrumentBaseline1763900000000 } from './1763900000000-curve-instrument-baseline';
import { WellInterpretationReasonCode1764000000000 } from './1764000000000-well-interpretation-reason-code';
import { KitConfiguration1764100000000 } from './1764100000000-kit-configuration';
import { UserDirectoryAndSignInThrottle1764200000000 } from './1764200000000-user-directory-and-sign-in-throttle';
import { ImportUploads1764300000000 } from './1764300000000-import-uploads';
import { LaboratoryBusinessIds1764400000000 } from './1764400000000-laboratory-business-ids';
import { AuditChain1764500000000 } from './1764500000000-audit-chain';
import { RunReview1764510000000 } from './1764510000000-run-review';
import { RunSearch1764600000000 } from './1764600000000-run-search';
import { ExportsAndFileTransfer1764700000000 } from './1764700000000-exports-and-file-transfer';
import { LaboratoryTimeZone1764830000000 } from './1764830000000-laboratory-time-zone';
import { SearchOutbox1764840000000 } from './1764840000000-search-outbox';
import { RunListCoveringIndexes1764860000000 } from './1764860000000-run-list-covering-indexes';
import { LaboratoryPlateOrder1764870000000 } from './1764870000000-laboratory-plate-order';
import { SearchOutboxSwitch1764880000000 } from './1764880000000-search-outbox-switch';
import { RunSearchLaboratoryScan1764890000000 } from './1764890000000-run-search-laboratory-scan';
import { RunDetailChangeLog1764900000000 } from './1764900000000-run-detail-change-log';
import { RunListChangeNotify1764910000000 } from './1764910000000-run-list-change-notify';
import { FileContentLz41764920000000 } from './1764920000000-file-content-lz4';

/** Every migration, oldest first. Committed migrations are never edited. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  RunFilesWithoutImport1763800000000,
  CurveInstrumentBaseline1763900000000,
  WellInterpretationReasonCode1764000000000,
  KitConfiguration1764100000000,
  UserDirectoryAndSignInThrottle1764200000000,
  ImportUploads1764300000000,
  LaboratoryBusinessIds1764400000000,
  AuditChain1764500000000,
  RunReview1764510000000,
  RunSearch1764600000000,
  ExportsAndFileTransfer1764700000000,
  LaboratoryTimeZone1764830000000,
  SearchOutbox1764840000000,
  RunListCoveringIndexes1764860000000,
  LaboratoryPlateOrder1764870000000,
  SearchOutboxSwitch1764880000000,
  RunSearchLaboratoryScan1764890000000,
  RunDetailChangeLog1764900000000,
  RunListChangeNotify1764910000000,
  FileContentLz41764920000000,
];
