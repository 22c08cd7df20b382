import { groupRunFiles } from './run-file-groups';

describe('groupRunFiles', () => {
  it('groups the files of Bio-Rad CFX runs by run name', () => {
    const names = [
      'admin_2021-02-19 09-57-01_BR002605 -  Quantification Amplification Results_SYBR.csv',
      'admin_2021-02-19 11-52-02_BR002605 -  Quantification Amplification Results_SYBR.csv',
      'admin_2021-02-19 09-57-01_BR002605 -  Quantification Cq Results_0.csv',
      'admin_2021-02-19 09-57-01_BR002605_Run Information.csv',
      'admin_2021-02-19 11-52-02_BR002605 -  Quantification Summary_0.csv',
    ];
    expect(groupRunFiles('biorad-cfx', names)).toEqual([
      [names[0], names[2], names[3]],
      [names[1], names[4]],
    ]);
  });

  it('puts a LightCycler 480 Cp table with its raw data', () => {
    expect(
      groupRunFiles('roche-lc480', [
        'Edward_2019-02-02.txt',
        'Stuart.txt',
        'Edward_2019-02-02_Cq.txt',
        'Stuart_Cp.txt',
      ]),
    ).toEqual([
      ['Edward_2019-02-02.txt', 'Edward_2019-02-02_Cq.txt'],
      ['Stuart.txt', 'Stuart_Cp.txt'],
    ]);
  });

  it('puts a "-ct" Cp table and a "-melt" table with their raw data, not a name merely ending in "ct"', () => {
    expect(
      groupRunFiles('roche-lc480', ['JA_n1.txt', 'JA_n1-ct.txt', 'JA_n1-melt.txt', 'fact.txt', 'fa.txt']),
    ).toEqual([['JA_n1.txt', 'JA_n1-ct.txt', 'JA_n1-melt.txt'], ['fact.txt'], ['fa.txt']]);
  });

  it('makes one run per file for other analysers', () => {
    expect(groupRunFiles('thermo-quantstudio-da', ['a.xlsx', 'b.xlsx'])).toEqual([['a.xlsx'], ['b.xlsx']]);
  });
});
