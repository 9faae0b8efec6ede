/**
 * Code for users to copy into their app (the connect panel): text, never run here. test/lint.sh lets this file
 * mention fetch.
 */
export function connectSnippets(
  api: string,
  token: string,
  smtp: { host: string; port: number } | null = null,
): Array<[string, string]> {
  return [
    [
      'curl',
      `curl -X POST ${api}/transactional-mails/send \\
  -H 'Authorization: Bearer ${token}' -H 'Accept: application/json' \\
  -H 'Content-Type: application/json' \\
  -d '{"from":"app@example.com","to":"jane@example.com","subject":"Hello","html":"<p>Hi Jane</p>"}'`,
    ],
    [
      'PHP SDK',
      `$mailcoach = new \\Spatie\\MailcoachSdk\\Mailcoach('${token}', '${api}');
$mailcoach->post('transactional-mails/send', [
    'from' => 'app@example.com', 'to' => 'jane@example.com',
    'subject' => 'Hello', 'html' => '<p>Hi Jane</p>',
]);`,
    ],
    [
      'Laravel',
      `# .env (spatie/laravel-mailcoach-sdk)
MAILCOACH_API_ENDPOINT=${api}
MAILCOACH_API_TOKEN=${token}`,
    ],
    [
      'Node',
      `await fetch('${api}/transactional-mails/send', {
  method: 'POST',
  headers: { Authorization: 'Bearer ${token}', Accept: 'application/json', 'Content-Type': 'application/json' },
  body: JSON.stringify({ from: 'app@example.com', to: 'jane@example.com', subject: 'Hello', html: '<p>Hi Jane</p>' }),
});`,
    ],
    ...smtpSnippets(smtp),
  ];
}

/** The app's other mail (framework notifications, queues) over SMTP into the same inbox: README "SMTP". */
function smtpSnippets(smtp: { host: string; port: number } | null): Array<[string, string]> {
  if (smtp === null) return [];
  return [
    [
      'SMTP',
      `# Laravel .env: the app's other mail lands here too
MAIL_MAILER=smtp
MAIL_HOST=${smtp.host}
MAIL_PORT=${smtp.port}

# Symfony .env
MAILER_DSN=smtp://${smtp.host}:${smtp.port}

# Node (nodemailer)
nodemailer.createTransport({ host: '${smtp.host}', port: ${smtp.port}, secure: false })`,
    ],
  ];
}
