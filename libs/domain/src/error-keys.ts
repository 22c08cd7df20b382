/**
 * Translation keys the server puts in an error body's `message` (CONVENTIONS 6). The web client
 * translates each one; SPEC section 8 gives the English texts.
 */
export const ERROR_KEYS = [
  'errorImportInvalidFile',
  'errorImportCorruptedFile',
  'errorImportUnexpected',
  'errorValidation',
  'errorExportNoWell',
  'errorExportSeparatorIncorrect',
  'errorExportWellNotInRun',
  'errorFieldRequired',
  'errorFileCountOutOfBounds',
  'errorUnknownAnalyser',
  'errorCannotAccessRun',
  'errorRunNotFound',
  'errorStatusUpdate',
  'errorTransitionNotAllowed',
  'errorUnauthorized',
  'errorForbidden',
  'errorNotFound',
  'errorInternal',
  'errorFieldDecimal',
  'errorFieldUnique',
  'errorInternalControlForbidden',
  'errorKitControlForbidden',
  'errorKitConfigurationNotEditable',
  'errorKitConfigurationExists',
  'errorKitConfigurationNotConfigured',
  'errorKitConfigurationInvalid',
  'errorLotInUse',
  'errorLotKitVersionOfAnotherKit',
  'errorLotExpirationPast',
  'errorLotNameExists',
  'errorLotNoKitVersion',
  'errorLotNoKit',
  'errorLotNoName',
  'errorCustomiseForbidden',
  'errorManufacturerOnly',
  'errorKitVersionOfAnotherLaboratory',
  'errorKitVersionWithoutLots',
  'errorKitVersionLatestNotLocked',
  'errorKitVersionNotLatest',
  'errorKitVersionNotLocked',
  'errorKitVersionLocked',
  'errorKitVersionDuplicate',
  'errorKitNameExists',
  'errorConfigurationConflict',
  'errorLaboratoryNameRequired',
  'errorLaboratoryNameExists',
  'errorLaboratoryHasUsers',
  'errorLaboratoryInUse',
  'errorLaboratoryNotFound',
  'errorUserNotFound',
  'errorUserLoginExists',
  'errorUserLoginImmutable',
  'errorUserSelfChange',
  'errorUserFlagForbidden',
  'errorUserDeleteForbidden',
  'errorUserDirectoryUnavailable',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/** The one error body every API error has. */
export interface ErrorBody {
  message: string;
  params?: string[];
}
