import type { KitConfiguration, KitVersion } from '../../api/configuration-api';
import type { Permissions } from '../../auth/permissions';

/**
 * Results labelling (SPEC 2, 5): the laboratory gives its own name to a result of a kit version.
 * One labelled result is a RESULT diagnostic of one kit version, as it appears in each analyser
 * configuration of that version (the same label on every analyser): saving renames it in all of them
 * through the kit configuration update calls (admin or doctor, SPEC 4).
 */
export interface LabelledResult {
  /** `${kitVersionId}|${label}`: the option value of the diagnostics picker. */
  key: string;
  kitId: string;
  kitName: string;
  kitVersionId: string;
  version: string;
  laboratoryName: string | null;
  label: string;
  colours: string[];
  /** The analyser configurations holding it (configurationKey) and their analysers' names. */
  configurationKeys: string[];
  analysers: string[];
}

/**
 * Which configuration: its kit version and analyser (a laboratory version's configuration not saved
 * yet is offered from its source by GET /kit/configuration/next and has no kitAnalyserId).
 */
export function configurationKey(configuration: KitConfiguration): string {
  return `${configuration.kitAnalyser.kitVersionId}:${configuration.kitAnalyser.analyserId}`;
}

/** Whether the user may change the configuration of this version (the kit analyser screen's rule). */
export function canLabel(version: KitVersion, permissions: Permissions): boolean {
  if (version.locked || version.deleted) return false;
  if (version.laboratoryId === null) return permissions.isManufacturerAdmin;
  return (permissions.isAdmin || permissions.isDoctor) && version.source !== null;
}

/** The labelled results of the loaded configurations, one per kit version and label, sorted. */
export function labelledResults(configurations: KitConfiguration[]): LabelledResult[] {
  const byKey = new Map<string, LabelledResult>();
  for (const configuration of configurations) {
    const header = configuration.kitAnalyser;
    const id = configurationKey(configuration);
    for (const diagnostic of configuration.diagnostics) {
      if (diagnostic.diagnosticType !== 'RESULT' || !diagnostic.label) continue;
      const key = `${header.kitVersionId}|${diagnostic.label}`;
      const entry = byKey.get(key) ?? {
        key,
        kitId: header.kitId,
        kitName: header.kitName,
        kitVersionId: header.kitVersionId,
        version: header.version,
        laboratoryName: header.laboratoryName,
        label: diagnostic.label,
        colours: [],
        configurationKeys: [],
        analysers: [],
      };
      if (diagnostic.color && !entry.colours.includes(diagnostic.color)) entry.colours.push(diagnostic.color);
      if (!entry.configurationKeys.includes(id)) {
        entry.configurationKeys.push(id);
        entry.analysers.push(header.name);
      }
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.kitName.localeCompare(b.kitName) ||
      a.version.localeCompare(b.version) ||
      a.label.localeCompare(b.label),
  );
}

/** SPEC 5: saving needs at least one diagnostic, one kit and a label; the first missing one, else null. */
export function missingForLabelling(
  kitIds: string[],
  diagnosticKeys: string[],
  label: string,
): 'kit' | 'diagnostic' | 'label' | null {
  if (kitIds.length === 0) return 'kit';
  if (diagnosticKeys.length === 0) return 'diagnostic';
  if (label.trim() === '') return 'label';
  return null;
}

/**
 * The configurations to save: each configuration holding a chosen result, with that result's
 * diagnostics renamed. Configurations not touched are left out.
 */
export function relabel(
  configurations: KitConfiguration[],
  chosen: LabelledResult[],
  label: string,
): KitConfiguration[] {
  const name = label.trim();
  const changed: KitConfiguration[] = [];
  for (const configuration of configurations) {
    const id = configurationKey(configuration);
    const labels = new Set(
      chosen.filter((result) => result.configurationKeys.includes(id)).map((result) => result.label),
    );
    if (labels.size === 0) continue;
    changed.push({
      ...configuration,
      diagnostics: configuration.diagnostics.map((diagnostic) =>
        diagnostic.diagnosticType === 'RESULT' && diagnostic.label && labels.has(diagnostic.label)
          ? { ...diagnostic, label: name }
          : diagnostic,
      ),
    });
  }
  return changed;
}
