import { agreementReport } from './agreement-report';

describe('agreement report', () => {
  it('prints every family', async () => {
    const { text } = await agreementReport();
    console.log(text);
    expect(text).toContain('Bio-Rad CFX');
  }, 300_000);
});
