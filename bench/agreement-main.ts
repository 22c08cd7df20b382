/**
 * `npm run agreement` entry (compiled by scripts/agreement.mjs with SWC, run in plain Node): prints
 * the agreement report and the Vermeulen table; exits 1 on a counted call disagreement.
 */
import './bench-aliases';
import { agreementReport } from './agreement-report';
import { vermeulenReport } from './interpret-vermeulen';
import { pairedComparisons, pairedText } from './vermeulen-paired';
import { standardCqAgreement, standardCqText } from './vermeulen-standard-cq';

async function main(): Promise<void> {
  const { text, disagreements } = await agreementReport();
  console.log(text);
  const vermeulen = vermeulenReport();
  console.log(`\n${vermeulen.text}`);
  console.log(`\n${pairedText(pairedComparisons(vermeulen))}`);
  console.log(`\n${standardCqText(standardCqAgreement(vermeulen))}`);
  console.log(`\n${disagreements === 0 ? 'OK' : 'FAILED'}: ${disagreements} call disagreement(s) counted`);
  process.exitCode = disagreements === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
