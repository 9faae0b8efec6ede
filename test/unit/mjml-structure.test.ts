import { describe, expect, it } from 'vitest';
import { MAX_CHECKED_LENGTH, mjmlStructureProblems } from '../../server/mail/render/mjml-structure.js';

const wrap = (inner: string) =>
  `<mjml>\n<mj-body>\n<mj-section>\n<mj-column>\n${inner}\n</mj-column>\n</mj-section>\n</mj-body>\n</mjml>`;

describe('mjmlStructureProblems', () => {
  it('finds nothing in a well-formed body, self-closing tags, comments and HTML inside ending tags included', () => {
    expect(
      mjmlStructureProblems(
        wrap('<mj-image src="a.png" />\n<!-- <mj-text> in a comment -->\n<mj-text><p>Hi <br> there</p></mj-text>'),
      ),
    ).toEqual([]);
    expect(
      mjmlStructureProblems(
        '<mjml><mj-head><mj-attributes><mj-all padding="0" /></mj-attributes></mj-head><mj-body></mj-body></mjml>',
      ),
    ).toEqual([]);
  });

  it('reports a closing tag that closes nothing, and tags left open, with their lines and columns', () => {
    expect(mjmlStructureProblems(wrap('<mj-button>Go</mj-button>\n</mj-group>'))).toEqual([
      { line: 6, column: 1, message: '</mj-group> closes nothing: no <mj-group> is open here.' },
    ]);
    expect(mjmlStructureProblems('<mjml>\n  <mj-body>\n    <mj-section>\n</mj-body>\n</mjml>')).toEqual([
      { line: 3, column: 5, message: '<mj-section> is not closed before </mj-body> on line 4.' },
    ]);
    expect(mjmlStructureProblems('<mjml>\n<mj-body>')).toEqual([
      { line: 1, column: 1, message: '<mjml> is never closed: </mjml> is missing.' },
      { line: 2, column: 1, message: '<mj-body> is never closed: </mj-body> is missing.' },
    ]);
  });

  it('reports a mistyped closing tag inside an ending tag, which MJML would read as text', () => {
    expect(mjmlStructureProblems(wrap('<mj-text>Hi</mj-tex>\n<mj-text>Second</mj-text>'))).toEqual([
      {
        line: 5,
        column: 12,
        message:
          '</mj-tex> closes nothing: <mj-text> (line 5) is still open, and MJML takes everything up to the next </mj-text> as its content.',
      },
    ]);
    expect(mjmlStructureProblems(wrap('<mj-text>Hi\n<mj-button>Go</mj-button></mj-text>'))[0]).toMatchObject({
      line: 6,
      column: 1,
    });
    expect(mjmlStructureProblems(wrap('<mj-text>Hi'))).toEqual([
      { line: 5, column: 1, message: '<mj-text> is never closed: </mj-text> is missing.' },
    ]);
    expect(mjmlStructureProblems(wrap('<!-- open comment'))).toEqual([
      { line: 5, column: 1, message: 'This comment (<!--) is never closed (-->).' },
    ]);
  });

  it('answers at most 50 problems on hostile bodies (in linear time: linear-time.slow.test.ts), and skips what is longer than it checks', () => {
    for (const body of [
      '<mj-a<mj-a'.repeat(50_000),
      '<mj-b><mj-c></mj-b>'.repeat(25_000),
      `<mj-text>${'<mj-x '.repeat(80_000)}`,
    ]) {
      expect(mjmlStructureProblems(body).length).toBeLessThanOrEqual(50);
    }
    expect(mjmlStructureProblems(`<mjml>${' '.repeat(MAX_CHECKED_LENGTH)}`)).toEqual([]);
  });
});
