import type { ChannelConfiguration, DiagnosticDefinition, KitAnalyserConfiguration } from '@amplio/domain';

/** KIT controls come with the kit (manufacturer); INTERNAL ones are the laboratory's own controls. */
export const CONTROL_TYPES = ['KIT', 'INTERNAL'] as const;
export type ControlType = (typeof CONTROL_TYPES)[number];

/** Kit-analyser status values (SPEC 3 "Kit status: list of values from the server"). */
export const KIT_ANALYSER_STATUSES = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const;
export type KitAnalyserStatus = (typeof KIT_ANALYSER_STATUSES)[number];

/** A kit channel, its threshold and the analyser's name for it (e.g. "465-510" on a LightCycler). */
export interface StoredChannel extends ChannelConfiguration {
  analyserChannel?: string | null;
}

/** A diagnostic as stored: the engine's definition plus the control details of SPEC 3. */
export interface StoredDiagnostic extends DiagnosticDefinition {
  controlType?: ControlType | null;
  barCode?: string | null;
}

/** What kit_analyser.configuration holds; the interpretation engine reads it as is. */
export interface KitConfigurationDocument extends KitAnalyserConfiguration {
  channels: StoredChannel[];
  diagnostics: StoredDiagnostic[];
}
