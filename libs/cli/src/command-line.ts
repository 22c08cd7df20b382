import { CQ_METHODS, type CqMethod } from '@amplio/domain';

export interface AnalyseCommand {
  analyser: string | null;
  kitConfigPath: string | null;
  thresholds: Record<string, number>;
  cqMethod: CqMethod | null;
  format: 'json' | 'csv';
  files: string[];
}

export class UsageError extends Error {}

export function isCqMethod(value: string): value is CqMethod {
  return (CQ_METHODS as readonly string[]).includes(value);
}

export const USAGE =
  'usage: amplio analyse [--analyser ID] [--kit-config FILE.json] [--threshold CHANNEL=VALUE ...] [--cq-method threshold|sdm|cy0] [--format json|csv] FILE...';

/** Reads `analyse` and its options; throws UsageError with a clear message. */
export function parseCommandLine(argv: string[]): AnalyseCommand {
  const [command, ...rest] = argv;
  if (command !== 'analyse') throw new UsageError(command ? `unknown command "${command}"` : 'no command');
  const result: AnalyseCommand = {
    analyser: null,
    kitConfigPath: null,
    thresholds: {},
    cqMethod: null,
    format: 'json',
    files: [],
  };
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index];
    const [flag, inline] = argument.startsWith('--') ? argument.split(/=(.*)/s, 2) : [argument, undefined];
    const value = (): string => {
      const next = inline ?? rest[(index += 1)];
      if (next === undefined || next === '') throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--analyser':
        result.analyser = value();
        break;
      case '--kit-config':
        result.kitConfigPath = value();
        break;
      case '--threshold': {
        const text = value();
        const match = /^([^=]+)=(-?\d+(?:\.\d+)?(?:e-?\d+)?)$/i.exec(text);
        if (!match) throw new UsageError(`--threshold expects CHANNEL=VALUE, got "${text}"`);
        result.thresholds[match[1].trim().toUpperCase()] = Number(match[2]);
        break;
      }
      case '--cq-method': {
        const method = value();
        if (!isCqMethod(method))
          throw new UsageError(`--cq-method is ${CQ_METHODS.join(', ')}, got "${method}"`);
        result.cqMethod = method;
        break;
      }
      case '--format': {
        const format = value();
        if (format !== 'json' && format !== 'csv')
          throw new UsageError(`--format is json or csv, got "${format}"`);
        result.format = format;
        break;
      }
      default:
        if (argument.startsWith('--')) throw new UsageError(`unknown option ${flag}`);
        result.files.push(argument);
    }
  }
  if (result.files.length === 0) throw new UsageError('no file given');
  return result;
}
