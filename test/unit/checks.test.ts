/**
 * server/checks/: the pure checkers of a mail's checks report on crafted HTML, text and headers, with
 * no server: what each finds, on which line, and what it leaves alone.
 */
import { describe, expect, it } from 'vitest';
import { checkMail, countProblems, type CheckInput, type EmulatorRecords } from '../../server/checks/index.js';
import { checkPlaceholders } from '../../server/checks/content.js';
import { lineLocator } from '../../server/checks/lines.js';
import { isPrivateAddress } from '../../server/checks/online.js';

const HEADERS = [
  { name: 'From', value: 'App <app@example.com>' },
  { name: 'Date', value: 'Sat, 01 Mar 2025 10:00:00 +0000' },
  { name: 'Message-ID', value: '<a@example.com>' },
];

const records: EmulatorRecords = {
  subscriberExists: (uuid) => uuid === 'known-subscriber',
  sendExists: (uuid) => uuid === 'known-send',
  webview: (uuid) => (uuid === 'live-campaign' ? 'ok' : uuid === 'hidden-campaign' ? 'disabled' : 'missing'),
};
const ORIGIN = 'http://127.0.0.1:4321';

function check(input: Partial<CheckInput>) {
  return checkMail(
    { subject: 'Hello', html: null, text: 'Hello', headers: HEADERS, campaign: false, contentIds: [], ...input },
    { origin: ORIGIN, records },
  );
}
const codes = (input: Partial<CheckInput>) => check(input).issues.map((issue) => issue.code);

describe('lineLocator', () => {
  it('maps offsets to 1-based lines', () => {
    const lineOf = lineLocator('a\nbc\n\nd');
    expect([0, 1, 2, 4, 5, 6].map(lineOf)).toEqual([1, 1, 2, 2, 3, 4]);
  });
});

describe('placeholders', () => {
  it('finds ::key::, {{ key }} and [[[...]]] with their lines, and nothing in filled text', () => {
    const found = checkPlaceholders('text', 'Hi ::first_name::\n{{ order.total }}\nsee [[[webviewUrl]]]');
    expect(found.map((issue) => [issue.message, issue.line])).toEqual([
      ['::first_name:: was not replaced', 1],
      ['{{ order.total }} was not replaced', 2],
      ['[[[webviewUrl]]] was not replaced', 3],
    ]);
    expect(checkPlaceholders('text', 'Hi Jane: 10:30 to 11:00, a::b, {{}} and [[x]]')).toEqual([]);
    expect(checkPlaceholders('subject', 'Your order ::order_number:: is confirmed')[0]).toMatchObject({
      where: 'subject',
      line: null,
      severity: 'problem',
    });
  });
});

describe('placeholders, once each', () => {
  it('reports a placeholder left in a heading once, naming the text part that repeats it', () => {
    // What a send of <h1>Hi ::first_name::</h1> stores: the HTML and the text part made from it.
    const report = check({
      html: '<html><body><h1>Hi ::first_name::</h1>\n<p>x</p></body></html>',
      text: 'Hi ::first\\_name::\n==================\n\nx',
    });
    const content = report.issues.filter((issue) => issue.check === 'content');
    expect(content.map((issue) => [issue.code, issue.where, issue.line, issue.message])).toEqual([
      ['placeholder', 'html', 1, '::first_name:: was not replaced; also in the text part (line 1)'],
    ]);
    expect(report.summary.problems).toBe(1);
  });

  it('folds the subject, the HTML and repeated lines into the first place, one issue per placeholder', () => {
    const report = check({
      subject: 'Order ::order_number::',
      html: '<p>::order_number::</p>\n<p>{{ name }}</p>\n<p>::order_number::</p>',
      text: 'Hello',
    });
    expect(report.issues.map((issue) => [issue.where, issue.line, issue.message])).toEqual([
      ['subject', null, '::order_number:: was not replaced; also in the HTML (lines 1, 3)'],
      ['html', 2, '{{ name }} was not replaced'],
    ]);
  });
});

describe('what mail clients strip or break', () => {
  it('reports <script> and <form> as problems on their lines, and the form once', () => {
    const html = '<p>x</p>\n<script>track()</script>\n<form action="https://example.com/vote"><input name="v"></form>';
    const report = check({ html });
    expect(report.issues.filter((issue) => issue.severity === 'problem').map((i) => [i.code, i.line])).toEqual([
      ['script', 2],
      ['form', 3],
    ]);
    // caniemail's <form> warning says the same thing less strongly: only the problem is listed.
    expect(report.issues.some((issue) => issue.code === 'feature:<form> element')).toBe(false);
    expect(
      countProblems(
        { subject: 'Hello', html, text: 'x', headers: HEADERS, campaign: false, contentIds: [] },
        {
          origin: ORIGIN,
          records,
        },
      ),
    ).toBe(2);
  });

  it('reports an image whose cid: names no part, and leaves the ones that exist and unknown parts alone', () => {
    const html =
      '<img src="cid:logo" alt="Logo">\n<img src="cid:%3Cchart@x%3E" alt="Chart">\n<img src="cid:gone" alt="Gone">';
    const report = check({ html, contentIds: ['logo', 'chart@x'] });
    expect(report.issues.filter((issue) => issue.severity === 'problem')).toEqual([
      {
        check: 'content',
        code: 'image-cid-missing',
        severity: 'problem',
        message: '<img src="cid:gone">: the mail has no part with that Content-ID',
        where: 'html',
        line: 3,
      },
    ]);
    // A studio render has no parts yet: not checked.
    expect(check({ html, contentIds: null }).summary.problems).toBe(0);
  });
});

describe('links', () => {
  it('names each broken href and src with its line', () => {
    const html = [
      '<p><a href="">empty</a></p>',
      '<p><a href="javascript:alert(1)">js</a></p>',
      '<p><a href="/relative">rel</a></p>',
      '<p><a href="http://example.com/x">insecure</a></p>',
      '<p><a href="https://example.com/ok">ok</a> <a href="mailto:a@example.com">mail</a> <a href="#top">top</a></p>',
      '<img src="https://example.com/logo.png" alt="Logo">',
    ].join('\n');
    const report = check({ html });
    const links = report.issues.filter((issue) => issue.check === 'links');
    expect(links.map((issue) => [issue.code, issue.severity, issue.line])).toEqual([
      ['link-empty', 'problem', 1],
      ['link-javascript', 'problem', 2],
      ['link-malformed', 'problem', 3],
      // An http: link opens: a warning, not a problem (issue 41 finding 5).
      ['link-insecure', 'warning', 4],
    ]);
    expect(report.summary.problems).toBe(3);
    expect(report.links.find((link) => link.url === 'http://example.com/x')).toMatchObject({
      problems: [],
      warnings: ['link-insecure: http: where https: is expected'],
    });
    expect(report.links.map((link) => link.url)).toContain('https://example.com/logo.png');
  });

  it("resolves the emulator's own pages offline", () => {
    const html = [
      `<a href="${ORIGIN}/unsubscribe/known-subscriber/known-send">ok</a>`,
      `<a href="${ORIGIN}/unsubscribe/ghost">gone</a>`,
      `<a href="http://localhost:9/preferences/known-subscriber/ghost-send">bad send</a>`,
      `<a href="${ORIGIN}/webview/campaign/live-campaign">web</a>`,
      `<a href="${ORIGIN}/webview/campaign/hidden-campaign">off</a>`,
      `<a href="${ORIGIN}/confirm-subscription/known-subscriber">confirm</a>`,
    ].join('\n');
    const report = check({ html });
    expect(report.links.every((link) => link.emulator)).toBe(true);
    expect(report.issues.filter((issue) => issue.code === 'link-emulator').map((issue) => issue.line)).toEqual([
      2, 3, 5,
    ]);
    // The emulator's http: on loopback is its own address, not an insecure link.
    expect(report.issues.some((issue) => issue.code === 'link-insecure')).toBe(false);
  });

  it('knows its own pages under another host name when they resolve, as the background check does without an origin', () => {
    const html = [
      '<a href="http://mailcoach:8025/unsubscribe/known-subscriber">as a container reaches it</a>',
      '<a href="http://mailcoach:8025/unsubscribe/ghost">gone, or not ours</a>',
      '<a href="https://shop.example.com/unsubscribe/ghost">a shop page</a>',
    ].join('\n');
    for (const origin of [ORIGIN, null]) {
      const report = checkMail(
        { subject: 'Hello', html, text: 'Hello', headers: HEADERS, campaign: false, contentIds: [] },
        { origin, records },
      );
      expect(
        report.links.map((link) => [
          link.emulator,
          [...link.problems, ...link.warnings].map((found) => found.split(':')[0]),
        ]),
      ).toEqual([
        [true, []],
        [false, ['link-insecure']],
        [false, []],
      ]);
      expect(
        countProblems(
          { subject: 'Hello', html, text: 'Hello', headers: HEADERS, campaign: false, contentIds: [] },
          { origin, records },
        ),
      ).toBe(report.summary.problems);
    }
  });
});

describe('content', () => {
  it('flags no text part, images without alt, a clipped body, missing headers and a bad From', () => {
    expect(codes({ text: null, html: '<p>x</p>\n<img src="https://example.com/a.png">' })).toEqual(
      expect.arrayContaining(['no-text-part', 'image-without-alt']),
    );
    expect(codes({ html: `<p>${'x'.repeat(110 * 1024)}</p>` })).toContain('gmail-clipping');
    expect(codes({ html: `<p>${'x'.repeat(100 * 1024)}</p>` })).not.toContain('gmail-clipping');
    expect(codes({ headers: [{ name: 'From', value: 'not an address' }] })).toEqual([
      'missing-date',
      'missing-message-id',
      'invalid-from',
    ]);
    expect(codes({ campaign: true })).toEqual(['missing-list-unsubscribe', 'missing-list-unsubscribe-post']);
    const withUnsubscribe = [
      ...HEADERS,
      { name: 'List-Unsubscribe', value: '<https://x.test/u>' },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ];
    expect(codes({ campaign: true, headers: withUnsubscribe })).toEqual([]);
  });

  it('says nothing about a correct plain mail', () => {
    expect(check({ html: '<p>Hello <a href="https://example.com">there</a></p>' }).summary).toEqual({
      problems: 0,
      warnings: 0,
    });
  });
});

describe('compatibility', () => {
  it('reports flexbox with its line, per client family, and scores the clients', () => {
    const html =
      '<html>\n<head><style>\n.a { color: red; }\n.row { display: flex; }\n</style></head>\n<body>\n<div style="display:flex">x</div>\n</body></html>';
    const report = check({ html });
    const flex = report.compatibility.features.find((feature) => feature.feature === 'display:flex');
    expect(flex?.lines).toEqual([4, 7]);
    expect(flex?.unsupported).toContain('outlook.windows');
    const issue = report.issues.find((i) => i.code === 'feature:display:flex');
    expect(issue).toMatchObject({ severity: 'warning', line: 4 });
    // One line: the families, each once, and how many clients; which platforms is in the feature (issue 41 finding 4).
    expect(issue?.message).toMatch(
      /^display:flex: unsupported by \d+ clients \([^()]*Outlook[^()]*\); partly supported by \d+ clients \([^()]*\) \(lines 4, 7\)$/,
    );
    expect(flex?.kind).toBe('css');
    expect(report.compatibility.features.map((feature) => [feature.feature, feature.kind])).toContainEqual([
      '<body> element',
      'element',
    ]);
    const outlook = report.compatibility.clients.find((client) => client.client === 'outlook.windows');
    const apple = report.compatibility.clients.find((client) => client.client === 'apple-mail.macos');
    expect(outlook).toMatchObject({ family: 'Outlook', platform: 'windows' });
    expect(apple!.score).toBeGreaterThan(outlook!.score);
    expect(report.compatibility.source).toEqual({
      package: '@jsx-email/doiuse-email@1.0.4',
      data_updated: '2024-10-09',
    });
  });
});

describe('online link checks: private addresses', () => {
  it('knows loopback, RFC 1918, link-local, CGNAT, ULA and IPv4-mapped ones from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of [
      '93.184.216.34',
      '172.32.0.1',
      '8.8.8.8',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      'example.com',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
