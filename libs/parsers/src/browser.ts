/**
 * The browser-safe part of @amplio/parsers: no Node API (bytes as Uint8Array, or text), so the web
 * client can group the files of one run before uploading them. Import it as
 * `@amplio/parsers/browser` (path alias) or from this file; never the package index, which reads
 * workbooks with Node buffers.
 */
export {
  cfxFileIdentity,
  cfxRunGroupingKey,
  groupCfxRunFiles,
  type CfxFileIdentity,
} from './biorad-cfx/cfx-run-grouping';
export type { BioRadTableKind } from './biorad-cfx/biorad-classify';
