import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { RunFileError, type KitAnalyserConfiguration } from '@amplio/domain';
import { analyseRunFiles, toCsv } from './analyse';
import { AUDIT_USAGE, auditVerify } from './audit-verify';
import { parseCommandLine, USAGE, UsageError } from './command-line';

const ENGLISH: Record<string, string> = {
  errorImportInvalidFile: 'An error occurred during the file parsing: invalid file: {0}',
  errorImportCorruptedFile:
    'An error occurred during the file parsing: corrupted file or invalid format. {0}',
  errorImportUnexpected: 'An unexpected error occurred during the run file import.',
};

/** `amplio analyse` (and `amplio audit verify`, audit-verify.ts): exit 0 with the run on stdout, 2 on bad input with the error on stderr. */
async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'audit') {
    if (argv[1] !== 'verify') {
      process.stderr.write(`amplio: ${AUDIT_USAGE}\n`);
      return 2;
    }
    try {
      return await auditVerify(argv.slice(2), (line) => process.stdout.write(`${line}\n`));
    } catch (error) {
      process.stderr.write(`amplio: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
  }
  try {
    const command = parseCommandLine(argv);
    const files = command.files.map((path) => {
      try {
        return { name: basename(path), content: readFileSync(path) };
      } catch {
        throw new RunFileError('errorImportInvalidFile', `${path}: cannot be read`);
      }
    });
    const kitConfiguration = command.kitConfigPath
      ? (JSON.parse(readFileSync(command.kitConfigPath, 'utf8')) as KitAnalyserConfiguration)
      : null;
    const run = await analyseRunFiles(files, {
      analyser: command.analyser,
      kitConfiguration,
      thresholds: command.thresholds,
      cqMethod: command.cqMethod,
    });
    process.stdout.write(command.format === 'csv' ? toCsv(run) : `${JSON.stringify(run, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) process.stderr.write(`amplio: ${error.message}\n${USAGE}\n`);
    else if (error instanceof RunFileError)
      process.stderr.write(`amplio: ${(ENGLISH[error.key] ?? error.key).replace('{0}', error.detail)}\n`);
    else if (error instanceof SyntaxError)
      process.stderr.write(`amplio: the kit configuration is not valid JSON: ${error.message}\n`);
    else {
      process.stderr.write(
        `amplio: ${ENGLISH.errorImportUnexpected} ${error instanceof Error ? error.message : String(error)}\n`,
      );
      return 1;
    }
    return 2;
  }
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
