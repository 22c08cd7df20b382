import { RunFileError } from '@amplio/domain';
import { childOf, childrenOf, childText, parseXmlTree, sniffRootElement, textOf } from './xml-tree';

function errorOf(xml: string): RunFileError {
  try {
    parseXmlTree('t.xml', xml);
  } catch (error) {
    if (error instanceof RunFileError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('parseXmlTree', () => {
  it('drops namespace prefixes, decodes the predefined entities, keeps CDATA and skips comments', () => {
    const root = parseXmlTree(
      't.xml',
      '<?xml version="1.0"?><!-- c --><r:rdml xmlns:r="u" r:version="1.1"><r:a id="x&amp;y">1 &lt; 2 &#65;</r:a><a><![CDATA[<b>&amp;</b>]]></a></r:rdml>',
    );
    expect(root.name).toBe('rdml');
    expect(root.attributes).toEqual({ version: '1.1' });
    const [first, second] = childrenOf(root, 'a');
    expect(first.attributes.id).toBe('x&y');
    expect(textOf(first)).toBe('1 < 2 A');
    expect(textOf(second)).toBe('<b>&amp;</b>');
    expect(childText(root, 'missing')).toBeNull();
  });

  it('skips the subtree of elements named in options.skip', () => {
    const root = parseXmlTree(
      't.xml',
      '<data><adp><cyc>1</cyc></adp><mdp><tmp>60</tmp></mdp><mdp/><endPt>3</endPt></data>',
      { skip: ['mdp'] },
    );
    expect(root.children.map((child) => child.name)).toEqual(['adp', 'endPt']);
    expect(textOf(childOf(childOf(root, 'adp'), 'cyc'))).toBe('1');
  });

  it.each([
    ['<a><b></a>', /does not match/],
    ['<a><b>', /never closed/],
    ['<a/>text', /text outside the root/],
    ['<a/><b/>', /more than one root/],
    ['<a><!-- never', /unterminated comment/],
    ['</a>', /without an opening tag/],
    ['<a x="1></a>', /malformed tag|never closed|unterminated/],
    ['', /no root element/],
  ])('%s is not well-formed: corrupted-file error', (xml, message) => {
    const error = errorOf(xml);
    expect(error.key).toBe('errorImportCorruptedFile');
    expect(error.detail).toMatch(message);
  });

  it('refuses a DOCTYPE or ENTITY declaration before reading anything', () => {
    expect(errorOf('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>').key).toBe('errorImportInvalidFile');
    expect(errorOf('<a><!ENTITY x "y"></a>').detail).toMatch(/DOCTYPE or ENTITY/);
  });

  it('sniffs the root element after the declaration, comments and a DOCTYPE', () => {
    expect(sniffRootElement('\uFEFF<?xml version="1.0"?>\n<!-- x --><rdml:rdml>')).toBe('rdml');
    expect(sniffRootElement('<!DOCTYPE rdml [<!ENTITY a "b">]><rdml>')).toBe('rdml');
    expect(sniffRootElement('Raw Data\t\tExperiment')).toBeNull();
  });
});
