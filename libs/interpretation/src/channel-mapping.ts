import { normalizeDyeName } from '@amplio/domain';
import type { WellInput } from './interpret-types';

/**
 * Kit channel mapping (docs/interpretation.md, "Channel mapping"): which of an analyser's channels
 * carries each channel a kit reads. Pure; the kit-analyser configuration holds the explicit table.
 */

/** A configuration error for the user, as a translation key and its parameters. */
export interface ChannelMappingError {
  code: 'CHANNEL_NOT_MAPPED' | 'CHANNEL_MAPPED_TWICE';
  params: { channel: string; analyserChannels?: string };
}

export interface ChannelMapping {
  /** Kit channel -> the analyser channel (as the run names it) that carries it. */
  byKitChannel: Record<string, string>;
  errors: ChannelMappingError[];
}

/**
 * Default equivalences, one group per optical channel: a kit channel and an analyser channel of
 * the same group match without an explicit table entry. Names are compared after
 * channelKey (dye normalisation, Rotor-Gene "Cycling A." prefix removed, "465/510" = "465-510").
 * LightCycler 480 filter pairs (excitation-emission): 465-510 and 483-533 read FAM/SYBR Green I,
 * 533-580 and 523-568 HEX/VIC/Yellow 555, 533-610 and 558-610 ROX/Texas Red, 618-660 and 615-670 Cy5.
 */
export const DEFAULT_CHANNEL_GROUPS: ReadonlyArray<readonly string[]> = [
  ['FAM', 'SYBR', 'GREEN', '465-510', '483-533'],
  ['HEX', 'VIC', 'JOE', 'YELLOW', '533-580', '523-568'],
  ['ROX', 'TEXAS RED', 'ORANGE', '533-610', '558-610'],
  ['CY5', 'RED', '618-660', '615-670'],
];

/** The comparable key of a channel name. */
export function channelKey(name: string): string {
  const bare = name
    .trim()
    .replace(/^cycling\s+[a-z]\s*\.\s*/i, '')
    .replace(/^(\d{3})\s*[/-]\s*(\d{3})$/, '$1-$2');
  return /^\d{3}-\d{3}$/.test(bare) ? bare : normalizeDyeName(bare);
}

function group(key: string): number {
  return DEFAULT_CHANNEL_GROUPS.findIndex((g) => g.includes(key));
}

/**
 * Maps each kit channel to one analyser channel, in this order: the explicit table
 * (analyser channel -> kit channel), the same name, then the default groups. A kit channel that
 * no analyser channel carries is a CHANNEL_NOT_MAPPED error (never a silent blank); one that several
 * analyser channels could carry by default, with no table entry, is CHANNEL_MAPPED_TWICE.
 */
export function mapKitChannels(
  kitChannels: readonly string[],
  analyserChannels: readonly string[],
  table: Readonly<Record<string, string>> = {},
): ChannelMapping {
  const byKitChannel: Record<string, string> = {};
  const errors: ChannelMappingError[] = [];
  const explicit = Object.entries(table).map(([analyser, kit]) => [channelKey(analyser), channelKey(kit)]);
  for (const kitChannel of kitChannels) {
    const kitKey = channelKey(kitChannel);
    const fromTable = analyserChannels.find((a) =>
      explicit.some(([analyser, kit]) => analyser === channelKey(a) && kit === kitKey),
    );
    const sameName = analyserChannels.find((a) => channelKey(a) === kitKey);
    const candidates =
      group(kitKey) < 0 ? [] : analyserChannels.filter((a) => group(channelKey(a)) === group(kitKey));
    const chosen = fromTable ?? sameName ?? (candidates.length === 1 ? candidates[0] : undefined);
    if (chosen !== undefined) byKitChannel[kitChannel] = chosen;
    else if (candidates.length > 1)
      errors.push({
        code: 'CHANNEL_MAPPED_TWICE',
        params: { channel: kitChannel, analyserChannels: candidates.join(', ') },
      });
    else errors.push({ code: 'CHANNEL_NOT_MAPPED', params: { channel: kitChannel } });
  }
  return { byKitChannel, errors };
}

/**
 * The well with its channels renamed to the kit's channel names (so that "CQ FAM" finds the
 * analyser's "465-510"); analyser channels the kit does not read are left out.
 */
export function applyChannelMapping(well: WellInput, mapping: ChannelMapping): WellInput {
  const channels = [];
  for (const [kitChannel, analyserChannel] of Object.entries(mapping.byKitChannel)) {
    const channel = well.channels.find((c) => c.dye === analyserChannel);
    if (channel) channels.push({ ...channel, dye: kitChannel });
  }
  return { ...well, channels };
}
